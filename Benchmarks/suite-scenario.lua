-- The suite benchmark's scenario (Benchmarks/run copies it 1,000 times): a scene app that
-- launches, goes home, comes back and is checked, the shape of a typical regression scenario.
Info { UIApplicationSceneManifest = { UIApplicationSupportsMultipleScenes = false } }

local AppDelegate = class("AppDelegate", UIResponder, { "UIApplicationDelegate" })
function AppDelegate:application_configurationForConnectingSceneSession_options(app, session, options)
  local configuration = UISceneConfiguration.new("Default", UIWindowSceneSessionRoleApplication)
  configuration.delegateClass = SceneDelegate
  return configuration
end

SceneDelegate = class("SceneDelegate", UIResponder, { "UIWindowSceneDelegate" })
SceneDelegate.properties = { "window" }
function SceneDelegate:scene_willConnectToSession_options(scene, session, options)
  self.window = UIWindow.new { windowScene = scene }
  self.window.rootViewController = UIViewController.new()
  self.window:makeKeyAndVisible()
end
function SceneDelegate:sceneDidBecomeActive(scene) end
function SceneDelegate:sceneWillResignActive(scene) end
function SceneDelegate:sceneDidEnterBackground(scene) end
function SceneDelegate:sceneWillEnterForeground(scene) end

main(AppDelegate)
expect.order { "scene:willConnectToSession:options:", "sceneDidBecomeActive:" }
device.home()
expect.events { "SceneDelegate.sceneWillResignActive:", "SceneDelegate.sceneDidEnterBackground:" }
device.activate()
expect.events { "SceneDelegate.sceneWillEnterForeground:", "SceneDelegate.sceneDidBecomeActive:" }
