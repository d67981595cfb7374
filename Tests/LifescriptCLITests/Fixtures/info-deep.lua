-- An Info table nested 100,000 deep is an error at the line, not a stack overflow.
local info = {}
local inner = info
for _ = 1, 100000 do
  inner.Nested = {}
  inner = inner.Nested
end
Info(info)
