-- A line that came later than expected, and one that did not come: the diff shows the first
-- where it was expected (−) and where it came (+), and a hint says how far it moved.
device.ios("18.3")  -- before the deprecation warnings of iOS 26
local AppDelegate = class("AppDelegate", UIResponder)
function AppDelegate:application_didFinishLaunchingWithOptions(application, options) return true end
function AppDelegate:applicationDidBecomeActive(application) end
function AppDelegate:applicationWillResignActive(application) end
function AppDelegate:applicationDidEnterBackground(application) end
function AppDelegate:applicationWillTerminate(application) end
main(AppDelegate)
device.home()
expect.events {
  "application:didFinishLaunchingWithOptions:",
  "applicationDidEnterBackground:",
  "applicationDidBecomeActive:",
  "applicationWillResignActive:",
  -- going home suspends the app; it does not terminate it
  "applicationWillTerminate:",
}
