-- One-MiB keychain items: they count against --max-memory like every stored byte.
for i = 1, 300 do
  keychain.set("item" .. i, string.rep("x", 1 << 20))
end
print("never printed: 300 MiB of keychain items under the cap")
