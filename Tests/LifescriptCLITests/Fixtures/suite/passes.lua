-- A scene app that launches and goes home, as expected.
Info { UIApplicationSceneManifest = { UIApplicationSupportsMultipleScenes = false } }
local AppDelegate = class("AppDelegate", UIResponder, { "UIApplicationDelegate" })
function AppDelegate:application_configurationForConnectingSceneSession_options(app, session, options)
  local configuration = UISceneConfiguration.new("Default", UIWindowSceneSessionRoleApplication)
  configuration.delegateClass = SceneDelegate
  return configuration
end
SceneDelegate = class("SceneDelegate", UIResponder, { "UIWindowSceneDelegate" })
function SceneDelegate:sceneDidBecomeActive(scene) end
function SceneDelegate:sceneDidEnterBackground(scene) end
main(AppDelegate)
device.home()
expect.order { "sceneDidBecomeActive:", "sceneDidEnterBackground:" }
