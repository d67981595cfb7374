-- expect.order looks only at the lines since the last expect.events or expect.order: a line
-- that came before it is missed, and the hint says where it went.
device.ios("18.3")  -- before the deprecation warnings of iOS 26
local AppDelegate = class("AppDelegate", UIResponder)
function AppDelegate:application_didFinishLaunchingWithOptions(application, options) return true end
function AppDelegate:applicationDidBecomeActive(application) end
function AppDelegate:applicationWillResignActive(application) end
main(AppDelegate)
expect.order { "application:didFinishLaunchingWithOptions:", "applicationDidBecomeActive:" }
device.home()
expect.order { "applicationDidBecomeActive:", "applicationWillResignActive:" }
