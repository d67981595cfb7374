-- Work queued for later: the run loop keeps each item, charged against --max-memory.
local function work() end
for i = 1, 200000 do
  DispatchQueue.main:asyncAfter(1e9, work)
  DispatchQueue.main:async(work)
end
print("never printed: 400,000 queued items under the cap")
