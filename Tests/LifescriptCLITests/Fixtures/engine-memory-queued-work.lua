-- Work queued for later: the run loop keeps each item, charged against --max-memory.
local function work() end
for i = 1, 1000000 do
  DispatchQueue.main:asyncAfter(1e9, work)
end
print("never printed: a million items queued for later under the cap")
