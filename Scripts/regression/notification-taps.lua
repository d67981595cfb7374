-- notification-taps.lua: the user taps a notification, and notifications that show an alert,
-- as Documentation/UIKit/background-launches.md says (§19.3): the response goes to
-- UNUserNotificationCenter.current().delegate, which the app sets before its launch ends.
-- Cold (an app without scenes): after didFinishLaunching, before applicationDidBecomeActive,
-- with the payload in the launch options. Warm: between willEnterForeground and didBecomeActive.
-- In front, an alert asks the delegate's willPresentNotification; away, the system shows it and
-- the app hears nothing. (A scene app: notification-taps-scenes.lua.)
--
--   lifescript run --trace Scripts/regression/notification-taps.lua

device.ios("18.3")

local responses, presented, options = {}, {}, nil
local NotificationDelegate = class("NotificationDelegate", NSObject, { "UNUserNotificationCenterDelegate" })
function NotificationDelegate:userNotificationCenter_didReceiveNotificationResponse_withCompletionHandler(center, response, completion)
  responses[#responses + 1] = response
  completion()
end
function NotificationDelegate:userNotificationCenter_willPresentNotification_withCompletionHandler(center, notification, completion)
  presented[#presented + 1] = notification
  completion(0)
end

local AppDelegate = class("AppDelegate", UIResponder, { "UIApplicationDelegate" })
function AppDelegate:application_willFinishLaunchingWithOptions(application, launchOptions)
  options = launchOptions
  UNUserNotificationCenter.current().delegate = NotificationDelegate.new()
  return true
end
function AppDelegate:application_didFinishLaunchingWithOptions(application, launchOptions)
  application:registerForRemoteNotifications()   -- APNs has a token for it from now on
  local window = UIWindow.new()
  window.rootViewController = UIViewController.new()
  window:makeKeyAndVisible()
  return true
end
function AppDelegate:applicationDidBecomeActive(application) end
function AppDelegate:applicationWillResignActive(application) end
function AppDelegate:applicationDidEnterBackground(application) end
function AppDelegate:applicationWillEnterForeground(application) end

main(AppDelegate)
device.kill()
expect.order {}                            -- moves the checkpoint

-- Cold, without scenes.
local payload = { aps = { alert = { title = "Order", body = "Shipped" } }, order = 7 }
device.tap_notification(payload)
expect.order {
  "AppDelegate.application:didFinishLaunchingWithOptions:",
  "post UIApplicationDidFinishLaunchingNotification",
  "NotificationDelegate.userNotificationCenter:didReceiveNotificationResponse:withCompletionHandler:",
  "AppDelegate.applicationDidBecomeActive:",
}
assert(options.UIApplicationLaunchOptionsRemoteNotificationKey.order == 7)
local response = responses[1]
assert(response.actionIdentifier == "com.apple.UNNotificationDefaultActionIdentifier")
assert(response.notification.request.content.userInfo.order == 7)
assert(response.notification.request.content.title == "Order")

-- In front: the app decides how to present an alert; a tap on the banner is the response alone.
device.push(payload)
expect.events { "NotificationDelegate.userNotificationCenter:willPresentNotification:withCompletionHandler:" }
assert(presented[1].request.content.body == "Shipped")
device.tap_notification(payload, { action = "reply" })
expect.events { "NotificationDelegate.userNotificationCenter:didReceiveNotificationResponse:withCompletionHandler:" }
assert(responses[2].actionIdentifier == "reply")

-- Away: the system shows it; the tap brings the app to the front around the response.
device.home()
expect.order {}
device.push(payload)
expect.events { "device push (ignored: the app is not in front: the system shows the notification; device.tap_notification(payload) opens it)" }
device.tap_notification(payload)
expect.events {
  "AppDelegate.applicationWillEnterForeground:",
  "post UIApplicationWillEnterForegroundNotification",
  "NotificationDelegate.userNotificationCenter:didReceiveNotificationResponse:withCompletionHandler:",
  "AppDelegate.applicationDidBecomeActive:",
  "post UIApplicationDidBecomeActiveNotification",
}
