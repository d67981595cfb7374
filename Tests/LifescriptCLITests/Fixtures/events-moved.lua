-- One line that came later than expected: the headline says so.
device.ios("18.3")  -- before the deprecation warnings of iOS 26
local AppDelegate = class("AppDelegate", UIResponder)
function AppDelegate:application_didFinishLaunchingWithOptions(application, options) return true end
function AppDelegate:applicationDidBecomeActive(application) end
function AppDelegate:applicationWillResignActive(application) end
function AppDelegate:applicationDidEnterBackground(application) end
main(AppDelegate)
device.home()
expect.events {
  "application:didFinishLaunchingWithOptions:",
  "applicationDidBecomeActive:",
  "applicationDidEnterBackground:",
  "applicationWillResignActive:",
}
