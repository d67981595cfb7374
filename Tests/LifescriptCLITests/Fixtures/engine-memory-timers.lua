-- Timers that never fire: the run loop keeps each one's work, charged against --max-memory.
local function tick() end
for i = 1, 200000 do
  Timer.scheduledTimer(1e9, true, tick)
end
print("never printed: 200,000 timers under the cap")
