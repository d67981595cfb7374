-- Asking whether an object responds to selectors no class has, by one-MiB names: the selector
-- table keeps every name it makes for good, so a lookup makes none, and the run stays small.
local controller = UIViewController:new()
for i = 1, 300 do
  assert(not controller:respondsToSelector(string.rep("s", 1 << 20) .. i))
end
print("300 MiB of names looked up, none kept")
