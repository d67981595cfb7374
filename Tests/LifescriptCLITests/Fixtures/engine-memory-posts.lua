-- Notifications with one-MiB names: the trace keeps each name, charged against --max-memory.
for i = 1, 300 do
  NotificationCenter.default:post(string.rep("p", 1 << 20) .. i)
end
print("never printed: 300 MiB of posted names under the cap")
