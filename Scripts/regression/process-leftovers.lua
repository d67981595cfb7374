-- process-leftovers.lua: a process that ends leaves nothing behind. The observers, timers and
-- main-queue work the app registered end with it and never fire in the next launch; what the
-- scenario registers itself, as the harness, stays
-- (Documentation/UIKit/termination.md#what-ends-with-the-process).
--
--   lifescript run --trace Scripts/regression/process-leftovers.lua

local heard = { app = 0, harness = 0, ticks = 0, late = 0 }
local AppDelegate = class("AppDelegate", UIResponder, { "UIApplicationDelegate" })
function AppDelegate:application_didFinishLaunchingWithOptions(application, options)
  NotificationCenter.default:addObserver("UIApplicationDidBecomeActiveNotification", function()
    heard.app = heard.app + 1
  end)
  Timer.scheduledTimer(1, true, function() heard.ticks = heard.ticks + 1 end)
  DispatchQueue.main:asyncAfter(5, function() heard.late = heard.late + 1 end)
  return true
end
NotificationCenter.default:addObserver("UIApplicationDidBecomeActiveNotification", function()
  heard.harness = heard.harness + 1
end)

main(AppDelegate)
wait(2.5)
assert(heard.app == 1 and heard.harness == 1 and heard.ticks == 2, heard.ticks)

device.kill()
wait(10)                                   -- the first process's timer and late work are gone
assert(heard.ticks == 2 and heard.late == 0)

device.activate()                          -- a new process registers its own
assert(heard.app == 2 and heard.harness == 2, heard.app)
wait(6)
assert(heard.ticks == 8 and heard.late == 1, heard.ticks .. " " .. heard.late)

-- An exception in app code run from the run loop ends the app as one in a callback does.
DispatchQueue.main:async(function() end)   -- the harness's work: not part of the app
NotificationCenter.default:addObserver("UIApplicationWillResignActiveNotification", function()
  DispatchQueue.main:async(function() UIStoryboard.new("Missing") end)
end)
device.interrupt()
expect.exception "Could not find a storyboard named 'Missing'"
assert(UIApplication.shared == nil)
