-- launch-watchdog.lua: the launch watchdog (reference §9.1). Launch work that takes longer than
-- the allowance (about 20 s) gets the app killed there and then, with code 0x8badf00d and the
-- report's wording. busy(seconds) is slow work on the main thread: virtual time passes, and
-- nothing else runs meanwhile.
--
--   lifescript run --trace Scripts/regression/launch-watchdog.lua

device.ios("18.3")
Info { CFBundleIdentifier = "com.example.MyCoolApp" }
local AppDelegate = class("AppDelegate", UIResponder, { "UIApplicationDelegate" })
local work = 25
function AppDelegate:application_didFinishLaunchingWithOptions(application, options)
  busy(work)                                   -- a slow migration at launch
  self.finished = true
  return true
end
function AppDelegate:applicationDidBecomeActive(application) end

main(AppDelegate)
expect.events {
  "new UIApplication", "new AppDelegate",
  "AppDelegate.application:didFinishLaunchingWithOptions:",
  "terminated Namespace SPRINGBOARD, Code 0x8badf00d: scene-create watchdog transgression: application<com.example.MyCoolApp>:1001 exhausted real (wall clock) time allowance of 20.00 seconds",
}
expect.never "applicationDidBecomeActive:"
assert(UIApplication.shared == nil and os.clock() == 20, "killed at the allowance, mid-callback")

-- Quick enough: the launch completes; busy time counts, timers wait for the main thread.
work = 12
local fired
DispatchQueue.main:asyncAfter(1, function() fired = os.clock() end)
device.activate()
assert(UIApplication.shared.delegate.finished and UIApplication.shared.applicationState == "active")
assert(os.clock() == 32 and fired == 32, "the timer due at 21 s ran once the main thread was free")

-- After launch there is no launch watchdog: long work only moves time.
busy(60)
assert(UIApplication.shared ~= nil)

-- The allowance is configurable.
device.kill()
device.launch_watchdog(10)
device.activate()
expect.order {
  "terminated Namespace SPRINGBOARD, Code 0x8badf00d: scene-create watchdog transgression: application<com.example.MyCoolApp>:1003 exhausted real (wall clock) time allowance of 10.00 seconds",
}
