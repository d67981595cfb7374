-- A script class's declared property set again and again gives back what it replaces; many
-- instances each keeping one MiB reach the cap.
local Holder = class("Holder")
function Holder:init()
  self.blob = ""
  return self
end
local holder = Holder:new()
for i = 1, 300 do
  holder.blob = string.rep("x", 1 << 20) .. i
end
print("replacing a property stays under the cap")
local kept = {}
for i = 1, 300 do
  local each = Holder:new()
  each.blob = string.rep("y", 1 << 20) .. i
  kept[i] = each
end
print("never printed: 300 MiB of properties under the cap")
