-- A memory bomb made of strings.
local s = "lifescript"
while true do
  s = s .. s
end
