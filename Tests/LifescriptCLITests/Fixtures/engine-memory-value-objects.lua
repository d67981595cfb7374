-- Value objects UIKit fills from a table: their fields are kept by the engine, charged against
-- --max-memory.
local kept = {}
for i = 1, 300 do
  kept[i] = NSUserActivity.new({ activityType = string.rep("a", 1 << 20) .. i })
end
print("never printed: 300 MiB of value objects under the cap")
