-- An app that knowingly stays on the app-delegate life cycle: iOS 26 deprecates the methods it
-- implements, and each scenario of the suite gives the same warning.
local AppDelegate = class("AppDelegate", UIResponder, { "UIApplicationDelegate" })
function AppDelegate:application_didFinishLaunchingWithOptions(application, options)
  return true
end
function AppDelegate:applicationDidBecomeActive(application) end
main(AppDelegate)
device.home()
expect.order { "AppDelegate.applicationDidBecomeActive:" }
