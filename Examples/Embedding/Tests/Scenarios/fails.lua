-- A scenario whose expectation fails: the app delegate never implements
-- applicationDidEnterBackground:, so UIKit never sends it.
local AppDelegate = class("AppDelegate", UIResponder, { "UIApplicationDelegate" })
function AppDelegate:application_didFinishLaunchingWithOptions(application, options)
  return true
end

main(AppDelegate)
device.home()
expect.events {
  "AppDelegate.application:didFinishLaunchingWithOptions:",
  "AppDelegate.applicationDidEnterBackground:",
}
