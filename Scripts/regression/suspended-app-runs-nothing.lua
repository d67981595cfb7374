-- suspended-app-runs-nothing.lua: a suspended app runs no code, so the timers and main-queue
-- work it scheduled wait until it runs again, and a repeating timer due several times
-- meanwhile fires once then (Documentation/UIKit/background-and-foreground.md#what-a-backgrounded-app-runs).
-- Work of a process that ended never runs.
--
--   lifescript run Scripts/regression/suspended-app-runs-nothing.lua

local fired = {}
local function note(label)
  fired[#fired + 1] = label .. "@" .. os.clock() .. " " .. UIApplication.shared.applicationState
end

local AppDelegate = class("AppDelegate", UIResponder, { "UIApplicationDelegate" })
AppDelegate.properties = { "ticker" }
function AppDelegate:application_didFinishLaunchingWithOptions(application, options)
  self.ticker = Timer.scheduledTimer(10, true, function() note("tick") end)
  DispatchQueue.main:asyncAfter(15, function() note("after 15s") end)
  return true
end

main(AppDelegate)
device.home()                 -- no background task: suspended at once
wait(25)                      -- the tick at 10 and 20 and the work at 15 are held
expect.equal(#fired, 0)
device.activate()             -- runs again: the held work runs once, after the callbacks
expect.equal(table.concat(fired, ","), "tick@25.0 active,after 15s@25.0 active")
wait(5)
expect.equal(fired[3], "tick@30.0 active")

-- The turn in which the app is suspended runs to its end: work it queued for now still runs.
function AppDelegate:applicationDidEnterBackground(application)
  DispatchQueue.main:async(function() note("queued") end)
end
device.home()
expect.equal(fired[4], "queued@30.0 background")
device.activate()
fired[4] = nil

-- While a background task runs, the app is not suspended: its timers fire.
local task
function AppDelegate:applicationDidEnterBackground(application)
  task = application:beginBackgroundTaskWithName_expirationHandler("t", function()
    application:endBackgroundTask(task)
  end)
end
device.home()
wait(10)
expect.equal(fired[4], "tick@40.0 background")
wait(30)                      -- the allowance runs out, the task ends, the app is suspended
local count = #fired
wait(30)
expect.equal(#fired, count)

-- An invalidated timer held while suspended does not fire; a killed app's work never runs.
UIApplication.shared.delegate.ticker:invalidate()
DispatchQueue.main:asyncAfter(1, function() note("never") end)   -- the scenario's: runs
wait(1)
expect.equal(fired[#fired]:sub(1, 5), "never")
local before = #fired
function AppDelegate:applicationDidEnterBackground(application)
  DispatchQueue.main:asyncAfter(1, function() note("dead") end)
end
device.activate()
device.home()                 -- suspended: the work is held
device.kill()
wait(5)
expect.equal(#fired, before)
