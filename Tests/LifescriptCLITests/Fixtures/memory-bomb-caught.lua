-- A memory bomb inside pcall: the cap ends the run even though the script catches its error
-- and carries on, as the instruction budget does.
local ok, message = pcall(function()
  local t = {}
  for i = 1, 1e9 do t[i] = { i } end
end)
print("carrying on after", ok, message)
