-- One-MiB files written to the app's container: the device holds them outside the Lua heap,
-- and they count against --max-memory with it, so the run ends at the cap.
for i = 1, 300 do
  storage.write("Documents/blob" .. i, string.rep("x", 1 << 20))
end
print("never printed: 300 MiB of files under the cap")
