-- tools/check-worker-memory runs this thousands of times in one suite worker: observers, a
-- repeating timer and queued work the run loop still holds when the scenario ends, and a whole
-- scene app's life. Before the observer and run-loop cycles were broken, each run leaked its
-- device graph (about 1 MB a run).
Info { UIApplicationSceneManifest = { UIApplicationSupportsMultipleScenes = false } }
local AppDelegate = class("AppDelegate", UIResponder, { "UIApplicationDelegate" })
function AppDelegate:application_configurationForConnectingSceneSession_options(a, s, o)
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

local seen = {}
NotificationCenter.default:addObserver(nil, function(notification)
  seen[#seen + 1] = notification.name
end)
NotificationCenter.default:addObserver("UIApplicationDidBecomeActiveNotification", function()
  seen[#seen + 1] = UIApplication.shared
end)
Timer.scheduledTimer(1000, true, function(timer) seen[#seen + 1] = timer end)
DispatchQueue.main:asyncAfter(5000, function() seen[#seen + 1] = UIApplication.shared end)

main(AppDelegate)
device.home()
device.activate()
device.memory_warning()
expect.order { "sceneDidBecomeActive:" }
device.kill()
