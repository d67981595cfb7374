-- One-MiB strings kept as fields of a view controller: the engine holds them outside the Lua
-- heap, and they count against --max-memory with it, so the run ends at the cap.
local controller = UIViewController:new()
for i = 1, 300 do
  controller["blob" .. i] = string.rep("x", 1 << 20)
end
print("never printed: 300 MiB of fields under the cap")
