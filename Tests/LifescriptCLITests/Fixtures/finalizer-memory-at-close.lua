-- A finalizer that allocates without bound, on an object still alive when the script ends:
-- the memory cap stops it as the state closes, as it would have earlier.
kept = setmetatable({}, { __gc = function()
  local t = {}
  for i = 1, 1e9 do t[i] = { i } end
end })
print("the script ended")
