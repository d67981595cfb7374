-- user-activities-legacy.lua: universal links, Spotlight and Handoff in an app without scenes
-- (reference §6.4). Cold: launchOptions[.userActivityDictionary] holds the type and the
-- activity; application(_:willContinueUserActivityWithType:) then
-- application(_:continue:restorationHandler:) follow launch (order INFERRED), unless will- or
-- didFinishLaunching returned false. Warm: the same pair as the app comes back. The restoration
-- handler calls restoreUserActivityState(_:) on the objects the app passes it.
--
--   lifescript run --trace Scripts/regression/user-activities-legacy.lua

local AppDelegate = class("AppDelegate", UIResponder, { "UIApplicationDelegate" })
local launchActivity, continued, restored
function AppDelegate:application_willFinishLaunchingWithOptions(application, options)
  launchActivity = options and options.UIApplicationLaunchOptionsUserActivityDictionaryKey
  return true
end
function AppDelegate:application_didFinishLaunchingWithOptions(application, options)
  self.viewController = ArticleViewController.new()
  return true
end
function AppDelegate:application_willContinueUserActivityWithType(application, activityType)
  return false
end
function AppDelegate:application_continueUserActivity_restorationHandler(application, activity, restorationHandler)
  continued = activity
  if activity.webpageURL then restorationHandler({ self.viewController }) end
  return true
end
function AppDelegate:applicationDidBecomeActive(application) end
function AppDelegate:applicationWillEnterForeground(application) end

ArticleViewController = class("ArticleViewController", UIViewController)
function ArticleViewController:restoreUserActivityState(activity)
  restored = activity.webpageURL.path
end

-- Cold: a universal link.
device.ios("18.4")
main(AppDelegate)
device.kill()
expect.order { "post UIApplicationWillTerminateNotification" }
device.continue_activity("NSUserActivityTypeBrowsingWeb", { webpageURL = "https://example.com/articles/42" })
expect.events {
  "AppDelegate.application:willFinishLaunchingWithOptions:",
  "AppDelegate.application:didFinishLaunchingWithOptions:",
  "AppDelegate.application:willContinueUserActivityWithType:",
  "AppDelegate.application:continueUserActivity:restorationHandler:",
  "ArticleViewController.restoreUserActivityState:",
  "AppDelegate.applicationDidBecomeActive:",
}
assert(launchActivity.UIApplicationLaunchOptionsUserActivityTypeKey == "NSUserActivityTypeBrowsingWeb")
assert(launchActivity.UIApplicationLaunchOptionsUserActivityKey.webpageURL.host == "example.com")
assert(continued.activityType == "NSUserActivityTypeBrowsingWeb" and restored == "/articles/42")

-- Warm: a Spotlight result while the app is in the background.
device.home()
expect.order { "post UIApplicationDidEnterBackgroundNotification" }
device.continue_activity("com.apple.corespotlightitem", { userInfo = { kCSSearchableItemActivityIdentifier = "note-7" } })
expect.never "restoreUserActivityState:"     -- no webpageURL: the app passes nothing to restore
expect.events {
  "AppDelegate.applicationWillEnterForeground:",
  "AppDelegate.application:willContinueUserActivityWithType:",
  "AppDelegate.application:continueUserActivity:restorationHandler:",
  "AppDelegate.applicationDidBecomeActive:",
}
assert(continued.userInfo.kCSSearchableItemActivityIdentifier == "note-7")

-- Handoff into a running, active app: it resigns active around it (INFERRED).
device.continue_activity("com.example.reading", { handoff = true, title = "Chapter 3" })
expect.order { "post UIApplicationWillResignActiveNotification",
               "AppDelegate.application:continueUserActivity:restorationHandler:",
               "AppDelegate.applicationDidBecomeActive:" }
assert(continued.title == "Chapter 3")
