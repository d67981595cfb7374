-- Work queued for the next turn of the run loop: each item is kept until it runs, charged
-- against --max-memory.
local function work() end
for i = 1, 1000000 do
  DispatchQueue.main:async(work)
end
print("never printed: a million items queued under the cap")
