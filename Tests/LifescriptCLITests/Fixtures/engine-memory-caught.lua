-- Reaching the cap with engine memory inside pcall ends the run, as a Lua memory bomb does.
local controller = UIViewController:new()
local ok = pcall(function()
  for i = 1, 300 do
    controller["blob" .. i] = string.rep("x", 1 << 20)
  end
end)
print("never printed: carrying on after", ok)
