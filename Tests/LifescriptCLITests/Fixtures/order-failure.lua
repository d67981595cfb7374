-- expect.order: the missing line is shown where it was expected, after the last line that
-- matched, and the hint says it came, but too early.
device.ios("18.3")  -- before the deprecation warnings of iOS 26
local AppDelegate = class("AppDelegate", UIResponder)
function AppDelegate:application_didFinishLaunchingWithOptions(application, options) return true end
function AppDelegate:applicationDidBecomeActive(application) end
function AppDelegate:applicationWillResignActive(application) end
function AppDelegate:applicationDidEnterBackground(application) end
main(AppDelegate)
device.home()
expect.order { "applicationDidEnterBackground:", "applicationWillResignActive:" }
