-- notification-taps-scenes.lua: a tap on a notification launches a scene app, as
-- Documentation/UIKit/background-launches.md says (§19.3 item 2): the scene connects with
-- connectionOptions.notificationResponse, and UNUserNotificationCenter's delegate hears the same
-- response after scene(_:willConnectTo:options:) and before sceneDidBecomeActive (INFERRED);
-- the app delegate's launch options are nil. A delegate set after the launch misses it.
--
--   lifescript run --trace Scripts/regression/notification-taps-scenes.lua

device.ios("18.3")
Info {
  UIApplicationSceneManifest = { UISceneConfigurations = { UIWindowSceneSessionRoleApplication = {
    { UISceneConfigurationName = "Default Configuration", UISceneDelegateClassName = "SceneDelegate" } } } },
}

local responses = {}
local NotificationDelegate = class("NotificationDelegate", NSObject, { "UNUserNotificationCenterDelegate" })
function NotificationDelegate:userNotificationCenter_didReceiveNotificationResponse_withCompletionHandler(center, response, completion)
  responses[#responses + 1] = response
  completion()
end

local setsDelegate = true
local AppDelegate = class("AppDelegate", UIResponder, { "UIApplicationDelegate" })
function AppDelegate:application_didFinishLaunchingWithOptions(application, launchOptions)
  assert(launchOptions == nil, "a scene app gets no launch options")
  if setsDelegate then UNUserNotificationCenter.current().delegate = NotificationDelegate.new() end
  return true
end

SceneDelegate = class("SceneDelegate", UIResponder, { "UIWindowSceneDelegate" })
local connectedWith
function SceneDelegate:scene_willConnectToSession_options(scene, session, connectionOptions)
  connectedWith = connectionOptions.notificationResponse
end
function SceneDelegate:sceneWillEnterForeground(scene) end
function SceneDelegate:sceneDidBecomeActive(scene) end

main(AppDelegate)
assert(connectedWith == nil)
device.kill()
expect.order {}                            -- moves the checkpoint

local payload = { aps = { alert = { title = "Order", body = "Shipped" } }, order = 7 }
device.tap_notification(payload)
expect.order {
  "AppDelegate.application:didFinishLaunchingWithOptions:",
  "SceneDelegate.scene:willConnectToSession:options:",
  "SceneDelegate.sceneWillEnterForeground:",
  "NotificationDelegate.userNotificationCenter:didReceiveNotificationResponse:withCompletionHandler:",
  "SceneDelegate.sceneDidBecomeActive:",
}
assert(connectedWith == responses[1], "the same UNNotificationResponse")
assert(connectedWith.notification.request.content.userInfo.order == 7)

-- §19.3 item 1: a delegate set after the launch misses the response that launched the app.
device.kill()
setsDelegate = false
device.tap_notification(payload)
expect.log "the notification response was not delivered: no UNUserNotificationCenter delegate at the end of launch"
assert(#responses == 1)
