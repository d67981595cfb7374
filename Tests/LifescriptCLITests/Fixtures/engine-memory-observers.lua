-- Observers with one-MiB names: the notification center keeps each name, charged against
-- --max-memory, so the run ends at the cap.
for i = 1, 300 do
  NotificationCenter.default:addObserver(string.rep("n", 1 << 20) .. i, function() end)
end
print("never printed: 300 MiB of observers under the cap")
