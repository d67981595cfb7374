-- expect.events lists a method the app delegate does not implement: the failure says that UIKit
-- skipped it, and the skipped line is not among the lines compared.
local AppDelegate = class("AppDelegate", UIResponder, { "UIApplicationDelegate" })
function AppDelegate:application_didFinishLaunchingWithOptions(application, options) return true end

main(AppDelegate)
expect.settled()
device.home()
expect.events {
  "AppDelegate.applicationWillResignActive:",
  "post UIApplicationWillResignActiveNotification",
  "post UIApplicationDidEnterBackgroundNotification",
}
