-- run-loop.lua: timers and main-queue work run on virtual time, in submission order when due at
-- the same instant: time is virtual and deterministic.
--
--   lifescript run Scripts/regression/run-loop.lua

local order = {}
local function note(label) order[#order + 1] = label .. "@" .. os.clock() end

DispatchQueue.main:asyncAfter(1, function() note("after 1s") end)
DispatchQueue.main:async(function() note("main 1") end)
DispatchQueue.main:async(function()
  note("main 2")
  DispatchQueue.main:async(function() note("main 3") end)   -- same turn
end)
local ticks = 0
local timer = Timer.scheduledTimer(0.5, true, function(t)
  ticks = ticks + 1
  note("tick")
  if ticks == 3 then t:invalidate() end
end)
assert(timer.isValid)

wait(0)                       -- nothing moves time but wait
assert(table.concat(order, ",") == "main 1@0.0,main 2@0.0,main 3@0.0", table.concat(order, ","))
wait(2)
assert(table.concat(order, ",") ==
  "main 1@0.0,main 2@0.0,main 3@0.0,tick@0.5,after 1s@1.0,tick@1.0,tick@1.5", table.concat(order, ","))
assert(not timer.isValid and os.clock() == 2.0)

local once = Timer.scheduledTimer(1, false, function() note("once") end)
wait(5)
assert(order[#order] == "once@3.0" and not once.isValid)

-- An error in scheduled work surfaces from the wait that ran it.
DispatchQueue.main:asyncAfter(1, function() error("late failure") end)
local ok, message = pcall(wait, 2)
assert(not ok and message:find("late failure", 1, true), message)
