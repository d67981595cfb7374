-- Expects the scene to become active before it connects: an expectation failure (exit 1).
Info { UIApplicationSceneManifest = { UIApplicationSupportsMultipleScenes = false } }
local AppDelegate = class("AppDelegate", UIResponder, { "UIApplicationDelegate" })
function AppDelegate:application_configurationForConnectingSceneSession_options(app, session, options)
  local configuration = UISceneConfiguration.new("Default", UIWindowSceneSessionRoleApplication)
  configuration.delegateClass = SceneDelegate
  return configuration
end
SceneDelegate = class("SceneDelegate", UIResponder, { "UIWindowSceneDelegate" })
function SceneDelegate:scene_willConnectToSession_options(scene, session, options) end
function SceneDelegate:sceneWillEnterForeground(scene) end
function SceneDelegate:sceneDidBecomeActive(scene) end
main(AppDelegate)
expect.events {
  "AppDelegate.application:configurationForConnectingSceneSession:options:",
  "SceneDelegate.sceneDidBecomeActive:",
  "SceneDelegate.scene:willConnectToSession:options:",
  "SceneDelegate.sceneWillEnterForeground:",
}
