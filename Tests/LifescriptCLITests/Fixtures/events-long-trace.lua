-- A long expect.events with one missing line in the middle: the diff keeps three lines of
-- context on either side and collapses the unchanged runs.
device.ios("18.3")  -- before the deprecation warnings of iOS 26
local AppDelegate = class("AppDelegate", UIResponder)
function AppDelegate:application_didFinishLaunchingWithOptions(application, options) return true end
function AppDelegate:applicationDidBecomeActive(application) end
function AppDelegate:applicationWillResignActive(application) end
function AppDelegate:applicationDidEnterBackground(application) end
function AppDelegate:applicationWillEnterForeground(application) end
main(AppDelegate)
device.home()
device.activate()
device.interrupt()
device.end_interruption()
device.home()
device.activate()
expect.events {
  "application:didFinishLaunchingWithOptions:",
  "post UIApplicationDidFinishLaunchingNotification",
  "applicationDidBecomeActive:",
  "post UIApplicationDidBecomeActiveNotification",
  "applicationWillResignActive:",
  "post UIApplicationWillResignActiveNotification",
  "applicationDidEnterBackground:",
  "post UIApplicationDidEnterBackgroundNotification",
  "applicationWillEnterForeground:",
  "post UIApplicationWillEnterForegroundNotification",
  "applicationDidBecomeActive:",
  "post UIApplicationDidBecomeActiveNotification",
  -- an incoming call only resigns active: there is no background here
  "applicationWillResignActive:",
  "post UIApplicationWillResignActiveNotification",
  "applicationDidEnterBackground:",
  "applicationDidBecomeActive:",
  "post UIApplicationDidBecomeActiveNotification",
  "applicationWillResignActive:",
  "post UIApplicationWillResignActiveNotification",
  "applicationDidEnterBackground:",
  "post UIApplicationDidEnterBackgroundNotification",
  "applicationWillEnterForeground:",
  "post UIApplicationWillEnterForegroundNotification",
  "applicationDidBecomeActive:",
  "post UIApplicationDidBecomeActiveNotification",
}
