-- system-events-scenes.lua: the system's events for a scene app (reference §9.1, §9.2, §9.3),
-- the scene variants of launch-watchdog.lua, background-tasks.lua, memory-warnings.lua and
-- events.lua. The launch watchdog watches scene creation ("scene-create watchdog
-- transgression"); a background task begun in sceneDidEnterBackground keeps the process from
-- suspending; touches reach the scene's key window through UIApplication.sendEvent:.
--
--   lifescript run --trace Scripts/regression/system-events-scenes.lua

Info {
  CFBundleIdentifier = "com.example.MyCoolApp",
  UIApplicationSceneManifest = { UISceneConfigurations = { UIWindowSceneSessionRoleApplication = {
    { UISceneConfigurationName = "Default Configuration", UISceneDelegateClassName = "SceneDelegate" } } } },
}

local AppDelegate = class("AppDelegate", UIResponder, { "UIApplicationDelegate" })
function AppDelegate:applicationWillTerminate(application) end

SceneDelegate = class("SceneDelegate", UIResponder, { "UIWindowSceneDelegate" })
local slowConnection, task = 0, nil
function SceneDelegate:scene_willConnectToSession_options(scene, session, options)
  busy(slowConnection)                              -- e.g. opening a large database
  self.window = UIWindow.new { windowScene = scene }
  self.window.rootViewController = ViewController.new()
  self.window:makeKeyAndVisible()
end
function SceneDelegate:sceneDidEnterBackground(scene)
  task = UIApplication.shared:beginBackgroundTaskWithName_expirationHandler("save", function()
    UIApplication.shared:endBackgroundTask(task)
  end)
end
function SceneDelegate:sceneDidBecomeActive(scene) end

ViewController = class("ViewController", UIViewController)
function ViewController:touchesBegan_withEvent(touches, event) end
function ViewController:didReceiveMemoryWarning() end

-- §9.1: scene creation that takes too long is killed at the allowance.
slowConnection = 25
main(AppDelegate)
expect.events {
  "SceneDelegate.scene:willConnectToSession:options:",
  "terminated Namespace SPRINGBOARD, Code 0x8badf00d: scene-create watchdog transgression: application<com.example.MyCoolApp>:1001 exhausted real (wall clock) time allowance of 20.00 seconds",
}
expect.never "sceneDidBecomeActive:"
assert(UIApplication.shared == nil)

-- Quick enough: the app is up.
slowConnection = 2
device.activate()
expect.order { "SceneDelegate.scene:willConnectToSession:options:", "SceneDelegate.sceneDidBecomeActive:" }

-- A touch reaches the scene's key window and its root view controller.
device.touch()
expect.events { "UIApplication.sendEvent:", "UIWindow.sendEvent:",
                "UIView.touchesBegan:withEvent:", "ViewController.touchesBegan:withEvent:",
                "UIView.touchesEnded:withEvent:", "ViewController.touchesEnded:withEvent:",
                "UIWindow.touchesEnded:withEvent:", "UIApplication.touchesEnded:withEvent:",
                "AppDelegate.touchesEnded:withEvent:" }    -- the app delegate is a UIResponder

-- §9.3 with scenes: the app delegate (if it implements it), the active view controllers, the notification.
device.memory_warning()
expect.events { "ViewController.didReceiveMemoryWarning", "post UIApplicationDidReceiveMemoryWarningNotification" }

-- §9.2: the task begun in sceneDidEnterBackground keeps the app running in the background
-- until its 30 s run out; the expiration handler ends it and the app is suspended.
device.home()
expect.order { "SceneDelegate.sceneDidEnterBackground:" }
wait(29)
assert(UIApplication.shared.backgroundTimeRemaining == 1)
wait(2)
assert(UIApplication.shared.backgroundTimeRemaining == 0)
-- Suspended, a swipe in the app switcher calls nothing.
device.kill()
expect.never "AppDelegate.applicationWillTerminate:"

-- Still running in the background (its task not over), it hears applicationWillTerminate.
device.activate()
device.home()
wait(5)
device.kill()
expect.order { "SceneDelegate.sceneDidEnterBackground:", "AppDelegate.applicationWillTerminate:" }
