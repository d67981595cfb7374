-- background-tasks.lua: background execution time (reference §9.2). A running background task
-- keeps a backgrounded app from being suspended until it ends or its time runs out (30 s on
-- iOS 13+, 180 s on iOS 12); then its expiration handler runs, and a task still not ended means
-- a watchdog kill. Termination while running in the background calls applicationWillTerminate.
--
--   lifescript run --trace Scripts/regression/background-tasks.lua

device.ios("18.3")
local AppDelegate = class("AppDelegate", UIResponder, { "UIApplicationDelegate" })
local task
function AppDelegate:applicationDidEnterBackground(application)
  task = application:beginBackgroundTaskWithName_expirationHandler("upload", function()
    self.expired = os.clock()
    application:endBackgroundTask(task)
  end)
end
function AppDelegate:applicationWillTerminate(application) end
main(AppDelegate)
local application = UIApplication.shared
assert(application.backgroundTimeRemaining > 1e300, "DBL_MAX in the foreground")

-- 1. The task ends on its own after 10 s: suspended then.
device.home()
assert(application.applicationState == "background" and application.backgroundTimeRemaining == 30)
wait(10)
assert(application.backgroundTimeRemaining == 20)
application:endBackgroundTask(task)
application:endBackgroundTask(task)                -- twice: nothing happens
application:endBackgroundTask(999)                 -- unknown: nothing happens
assert(application.backgroundTimeRemaining == 0)
device.kill()                                      -- suspended: nothing is called
expect.never "applicationWillTerminate:"

-- 2. The time runs out: home at 10 s, so the expiration handler runs at 40 s and ends the task.
device.activate()
assert(os.clock() == 10)
device.home()
wait(45)
assert(UIApplication.shared.delegate.expired == 40, tostring(UIApplication.shared.delegate.expired))
assert(UIApplication.shared.applicationState == "background")
device.kill()
expect.never "applicationWillTerminate:"           -- it was suspended after the handler

-- 3. A handler that does not end the task: the watchdog ends the app.
function AppDelegate:applicationDidEnterBackground(application)
  application:beginBackgroundTaskWithName_expirationHandler("stubborn", function() end)
end
device.activate()
device.home()
wait(31)
expect.log "the background task \"stubborn\" was not ended when its time expired"
assert(UIApplication.shared == nil, "the process is gone")

-- 4. Killed while running in the background (a task still running): applicationWillTerminate.
device.activate()
device.home()
wait(5)
device.kill()
expect.order { "applicationDidEnterBackground:", "applicationWillTerminate:" }

-- 5. iOS 12 allows 180 s.
device.ios("12")
device.activate()
device.home()
assert(UIApplication.shared.backgroundTimeRemaining == 180)
