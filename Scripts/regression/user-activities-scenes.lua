-- user-activities-scenes.lua: universal links, Spotlight and Handoff in a scene app (reference
-- §6.4). Cold: connectionOptions.userActivities holds the activity and scene(_:continue:) is
-- NOT called for it; for Handoff only connectionOptions.handoffUserActivityType is known at
-- connection, and the full activity comes later through scene(_:continue:) (INFERRED: once the
-- scene is active). Warm: scene(_:willContinueUserActivityWithType:) then scene(_:continue:)
-- (INFERRED order), as the scene comes to the foreground.
--
--   lifescript run --trace Scripts/regression/user-activities-scenes.lua

Info {
  UIApplicationSceneManifest = { UISceneConfigurations = { UIWindowSceneSessionRoleApplication = {
    { UISceneConfigurationName = "Default Configuration", UISceneDelegateClassName = "SceneDelegate" } } } },
}

local AppDelegate = class("AppDelegate", UIResponder, { "UIApplicationDelegate" })
function AppDelegate:application_continueUserActivity_restorationHandler(application, activity, handler)
  error("not called when scenes are in use")
end

SceneDelegate = class("SceneDelegate", UIResponder, { "UIWindowSceneDelegate" })
local connected, continued
function SceneDelegate:scene_willConnectToSession_options(scene, session, options)
  connected = { activities = options.userActivities, handoff = options.handoffUserActivityType }
end
function SceneDelegate:scene_willContinueUserActivityWithType(scene, activityType) end
function SceneDelegate:scene_continueUserActivity(scene, activity)
  continued = { activity = activity, state = scene.activationState }
end
function SceneDelegate:sceneWillEnterForeground(scene) end
function SceneDelegate:sceneDidBecomeActive(scene) end
function SceneDelegate:sceneDidEnterBackground(scene) end

main(AppDelegate)
device.kill()
expect.order { "post UIApplicationWillTerminateNotification" }

-- Cold: a universal link.
device.continue_activity("NSUserActivityTypeBrowsingWeb", { webpageURL = "https://example.com/articles/42" })
expect.never "scene:continueUserActivity:"
expect.events {
  "SceneDelegate.scene:willConnectToSession:options:",
  "SceneDelegate.sceneWillEnterForeground:",
  "SceneDelegate.sceneDidBecomeActive:",
}
assert(#connected.activities == 1 and connected.handoff == nil)
assert(connected.activities[1].activityType == "NSUserActivityTypeBrowsingWeb")
assert(connected.activities[1].webpageURL.path == "/articles/42")
assert(continued == nil)

-- Cold: Handoff from another device. Only the type at connection; the activity after.
device.kill()
expect.order { "post UIApplicationWillTerminateNotification" }
device.continue_activity("com.example.reading", { handoff = true, userInfo = { page = 12 } })
expect.events {
  "SceneDelegate.scene:willConnectToSession:options:",
  "SceneDelegate.sceneWillEnterForeground:",
  "SceneDelegate.sceneDidBecomeActive:",
  "SceneDelegate.scene:continueUserActivity:",
}
assert(#connected.activities == 0 and connected.handoff == "com.example.reading")
assert(continued.activity.userInfo.page == 12 and continued.state == "foregroundActive")

-- Warm, in the background: a Spotlight result.
device.home()
expect.order { "SceneDelegate.sceneDidEnterBackground:" }
device.continue_activity("com.apple.corespotlightitem")
expect.events {
  "SceneDelegate.sceneWillEnterForeground:",
  "SceneDelegate.scene:willContinueUserActivityWithType:",
  "SceneDelegate.scene:continueUserActivity:",
  "SceneDelegate.sceneDidBecomeActive:",
}
assert(continued.activity.activityType == "com.apple.corespotlightitem")
assert(continued.state == "foregroundInactive")
