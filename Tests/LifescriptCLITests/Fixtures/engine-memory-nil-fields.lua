-- Fields set to nil by one-MiB names: each keeps its entry (it hides a method of that name), and
-- its name counts against --max-memory. Their setters' selectors are not made.
local controller = UIViewController:new()
for i = 1, 300 do
  controller[string.rep("k", 1 << 20) .. i] = nil
end
print("never printed: 300 MiB of field names under the cap")
