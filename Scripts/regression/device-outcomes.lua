-- device-outcomes.lua: every user or system action has an explicit outcome. What a real device
-- would also do nothing about is traced as `device … (ignored: …)`; what no device could
-- produce is an error at the scenario's line; an action a callback causes happens once the
-- callbacks of the current event have run. Inside each callback, applicationState is what UIKit
-- reports: a will… method sees the state it leaves, a did… method the new one (see
-- Documentation/UIKit/background-and-foreground.md#events-the-app-cannot-see).
--
--   lifescript run --trace Scripts/regression/device-outcomes.lua

device.ios("18.3")                   -- before iOS 26 deprecates these app-delegate methods
local AppDelegate = class("AppDelegate", UIResponder, { "UIApplicationDelegate" })
local seen = {}
local function note(name, application) seen[#seen + 1] = name .. " " .. application.applicationState end
function AppDelegate:applicationDidBecomeActive(application) note("didBecomeActive", application) end
function AppDelegate:applicationWillResignActive(application) note("willResignActive", application) end
function AppDelegate:applicationDidEnterBackground(application) note("didEnterBackground", application) end
function AppDelegate:applicationWillEnterForeground(application) note("willEnterForeground", application) end

-- Before UIApplicationMain the device does not know the app.
local ok, message = pcall(device.activate)
assert(not ok and message:find("the app was never launched", 1, true), message)

main(AppDelegate)
expect.order { "AppDelegate.applicationDidBecomeActive:" }
device.home()
device.home()                       -- the home screen is already showing
expect.events {
  "AppDelegate.applicationWillResignActive:",
  "AppDelegate.applicationDidEnterBackground:",
  "device home (ignored: already in the background)",
}
device.memory_warning()             -- a suspended app runs no code
expect.events { "device memory_warning (ignored: the app is suspended and runs no code)" }

-- A call that begins and ends while the app is away changes nothing for it.
device.interrupt()
device.activate()
device.end_interruption()
expect.events {
  "device interrupt (ignored: the app is in the background)",
  "AppDelegate.applicationWillEnterForeground:",
  "AppDelegate.applicationDidBecomeActive:",
  "device end_interruption (ignored: the app is already active)",
}

-- No device ends an interruption that never began.
ok, message = pcall(device.end_interruption)
assert(not ok and message:find("device.end_interruption: no interruption is in progress", 1, true), message)

-- What UIKit reports inside each callback.
assert(table.concat(seen, ", ") == "didBecomeActive active, willResignActive active, "
  .. "didEnterBackground background, willEnterForeground background, didBecomeActive active",
  table.concat(seen, ", "))

-- The user leaves as soon as the app is active: after the callbacks of the activation.
device.home()
function AppDelegate:applicationDidBecomeActive(application)
  device.home()
end
device.activate()
expect.events {
  "AppDelegate.applicationWillResignActive:",
  "AppDelegate.applicationDidEnterBackground:",
  "AppDelegate.applicationWillEnterForeground:",
  "AppDelegate.applicationDidBecomeActive:",
  "AppDelegate.applicationWillResignActive:",
  "AppDelegate.applicationDidEnterBackground:",
}
assert(UIApplication.shared.applicationState == "background")
