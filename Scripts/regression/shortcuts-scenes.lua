-- shortcuts-scenes.lua: Home Screen quick actions in a scene app (reference §6.3). Cold: the
-- item is in connectionOptions.shortcutItem and windowScene(_:performActionFor:
-- completionHandler:) is NOT called. Warm: it is, as the scene comes back to the foreground.
--
--   lifescript run --trace Scripts/regression/shortcuts-scenes.lua

Info {
  UIApplicationShortcutItems = {
    { UIApplicationShortcutItemType = "com.example.compose", UIApplicationShortcutItemTitle = "New Message" },
  },
  UIApplicationSceneManifest = { UISceneConfigurations = { UIWindowSceneSessionRoleApplication = {
    { UISceneConfigurationName = "Default Configuration", UISceneDelegateClassName = "SceneDelegate" } } } },
}

local AppDelegate = class("AppDelegate", UIResponder, { "UIApplicationDelegate" })
function AppDelegate:application_didFinishLaunchingWithOptions(application, options)
  assert(options == nil, "scene apps get no launch options")
  return true
end
function AppDelegate:application_performActionForShortcutItem_completionHandler(application, item, done)
  error("not called for scene-based apps")
end

SceneDelegate = class("SceneDelegate", UIResponder, { "UIWindowSceneDelegate" })
local connectedItem, performed
function SceneDelegate:scene_willConnectToSession_options(scene, session, options)
  connectedItem = options.shortcutItem
end
function SceneDelegate:windowScene_performActionForShortcutItem_completionHandler(windowScene, item, completionHandler)
  performed = { type = item.type, title = item.localizedTitle, state = windowScene.activationState }
  completionHandler(true)
end
function SceneDelegate:sceneWillEnterForeground(scene) end
function SceneDelegate:sceneDidBecomeActive(scene) end
function SceneDelegate:sceneDidEnterBackground(scene) end

-- Cold: the app is not running when the user picks the quick action.
device.ios("26")
main(AppDelegate)
assert(connectedItem == nil)
device.kill()
expect.order { "post UIApplicationWillTerminateNotification" }
device.shortcut("com.example.compose")
expect.never "windowScene:performActionForShortcutItem:completionHandler:"
expect.events {
  "AppDelegate.application:didFinishLaunchingWithOptions:",
  "SceneDelegate.scene:willConnectToSession:options:",
  "SceneDelegate.sceneWillEnterForeground:",
  "SceneDelegate.sceneDidBecomeActive:",
}
assert(connectedItem.type == "com.example.compose" and connectedItem.localizedTitle == "New Message")
assert(performed == nil)

-- Warm: from the foreground the user goes home first, then picks it.
device.shortcut("com.example.compose")
expect.events {
  "SceneDelegate.sceneDidEnterBackground:",
  "SceneDelegate.sceneWillEnterForeground:",
  "SceneDelegate.windowScene:performActionForShortcutItem:completionHandler:",
  "SceneDelegate.sceneDidBecomeActive:",
}
assert(performed.type == "com.example.compose" and performed.state == "foregroundInactive")

-- Warm after the scene was suspended for a while.
device.home()
wait(60)
device.shortcut("com.example.compose")
expect.events {
  "SceneDelegate.sceneDidEnterBackground:",
  "SceneDelegate.sceneWillEnterForeground:",
  "SceneDelegate.windowScene:performActionForShortcutItem:completionHandler:",
  "SceneDelegate.sceneDidBecomeActive:",
}
