-- A line the expectation does not list: it shows as +, and a single one is the headline.
device.ios("18.3")  -- before the deprecation warnings of iOS 26
local AppDelegate = class("AppDelegate", UIResponder)
function AppDelegate:application_didFinishLaunchingWithOptions(application, options) return true end
function AppDelegate:applicationDidBecomeActive(application) end
function AppDelegate:applicationWillResignActive(application) end
function AppDelegate:applicationDidEnterBackground(application) end
main(AppDelegate)
expect.events {
  "application:didFinishLaunchingWithOptions:",
  "applicationDidBecomeActive:",
}
device.interrupt()
device.end_interruption()
expect.events { "applicationWillResignActive:" }
