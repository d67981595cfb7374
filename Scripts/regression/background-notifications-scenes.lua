-- background-notifications-scenes.lua: a silent push to a scene app, as
-- Documentation/UIKit/background-launches.md says (§19.1, §19.2, §19.5): launched into the
-- background, the app delegate's launch methods get nil options and read background, no scene
-- connects, and application:didReceiveRemoteNotification:fetchCompletionHandler: follows; the
-- user's tap then connects the scene (configurationForConnecting, willConnectTo,
-- sceneWillEnterForeground, sceneDidBecomeActive) without a second didFinishLaunching; the session
-- that waits meanwhile survives the system ending the app and is discarded by a force quit. A
-- suspended scene app wakes for the delivery alone. Without the background mode, nothing.
--
--   lifescript run --trace Scripts/regression/background-notifications-scenes.lua

device.ios("18.3")
Info {
  UIBackgroundModes = { "remote-notification" },
  UIApplicationSceneManifest = { UISceneConfigurations = { UIWindowSceneSessionRoleApplication = {
    { UISceneConfigurationName = "Default Configuration", UISceneDelegateClassName = "SceneDelegate",
      UISceneStoryboardFile = "Main" } } } },
}
Storyboard("Main", { initialViewController = "ViewController" })

local seen = {}
local function note(name) seen[#seen + 1] = name .. " " .. UIApplication.shared.applicationState end

local AppDelegate = class("AppDelegate", UIResponder, { "UIApplicationDelegate" })
function AppDelegate:application_didFinishLaunchingWithOptions(application, launchOptions)
  application:registerForRemoteNotifications()   -- APNs has a token for it from now on
  note("didFinishLaunching")
  assert(launchOptions == nil, "a scene app gets no launch options")
  return true
end
function AppDelegate:application_configurationForConnectingSceneSession_options(application, session, options)
  return UISceneConfiguration.new("Default Configuration", UIWindowSceneSessionRoleApplication)
end
function AppDelegate:application_didDiscardSceneSessions(application, sessions)
  note("didDiscardSceneSessions " .. #sessions)
end
function AppDelegate:application_didReceiveRemoteNotification_fetchCompletionHandler(application, userInfo, completion)
  note("didReceiveRemoteNotification")
  assert(userInfo.id == 7)
  completion("noData")
end

SceneDelegate = class("SceneDelegate", UIResponder, { "UIWindowSceneDelegate" })
SceneDelegate.properties = { "window" }
function SceneDelegate:scene_willConnectToSession_options(scene, session, options) end
function SceneDelegate:sceneWillEnterForeground(scene) end
function SceneDelegate:sceneDidBecomeActive(scene) end
function SceneDelegate:sceneWillResignActive(scene) end
function SceneDelegate:sceneDidEnterBackground(scene) end

ViewController = class("ViewController", UIViewController)
function ViewController:viewDidLoad() end

main(AppDelegate)
device.terminate_in_background()
expect.order {}                            -- moves the checkpoint
seen = {}

-- Not running: a background launch, no scene.
device.push({ aps = { ["content-available"] = 1 }, id = 7 })
expect.events {
  "new UIApplication",
  "new AppDelegate",
  "AppDelegate.application:didFinishLaunchingWithOptions:",
  "post UIApplicationDidFinishLaunchingNotification",
  "AppDelegate.application:didReceiveRemoteNotification:fetchCompletionHandler:",
}
assert(#UIApplication.shared.connectedScenes == 0)
assert(table.concat(seen, ", ") == "didFinishLaunching background, didReceiveRemoteNotification background",
  table.concat(seen, ", "))

-- The user opens it: the scene connects now (the session that survived the system's
-- termination), with no second launch.
device.activate()
expect.never "application:didFinishLaunchingWithOptions:"
expect.events {
  "new UIWindowScene",
  "new SceneDelegate",
  "new ViewController",
  "ViewController.initWithCoder:",
  "ViewController.awakeFromNib",
  "SceneDelegate.window",
  "new UIWindow",
  "SceneDelegate.setWindow:",
  "UIWindow.setRootViewController:",
  "SceneDelegate.scene:willConnectToSession:options:",
  "post UISceneWillConnectNotification",
  "ViewController.loadView",
  "ViewController.viewDidLoad",
  "ViewController.viewWillAppear:",
  "SceneDelegate.sceneWillEnterForeground:",
  "post UISceneWillEnterForegroundNotification",
  "post UIApplicationWillEnterForegroundNotification",
  "SceneDelegate.sceneDidBecomeActive:",
  "post UISceneDidActivateNotification",
  "post UIApplicationDidBecomeActiveNotification",
  "ViewController.viewDidAppear:",
}
assert(UIApplication.shared.applicationState == "active")

-- Suspended: woken for the delivery alone (no scene moves).
device.home()
expect.order {}
device.push({ aps = { ["content-available"] = 1 }, id = 7 })
expect.events { "AppDelegate.application:didReceiveRemoteNotification:fetchCompletionHandler:" }

-- The session that waits through a background launch is the app's: the system ending the app
-- again keeps it for the next open (§10.2) ...
device.terminate_in_background()
device.push({ aps = { ["content-available"] = 1 }, id = 7 })
device.terminate_in_background()
expect.order {}
seen = {}
device.activate()
expect.never "application:configurationForConnectingSceneSession:options:"
expect.order { "SceneDelegate.scene:willConnectToSession:options:" }
assert(table.concat(seen, ", ") == "didFinishLaunching background", table.concat(seen, ", "))

-- ... and the user force-quitting it discards it, as it discards connected scenes' sessions
-- (scenes.md, "Scenes that come and go").
device.terminate_in_background()
device.push({ aps = { ["content-available"] = 1 }, id = 7 })
device.kill()
expect.order {}
seen = {}
device.activate()
expect.order {
  "AppDelegate.application:didDiscardSceneSessions:",
  "AppDelegate.application:configurationForConnectingSceneSession:options:",
  "SceneDelegate.scene:willConnectToSession:options:",
}
assert(table.concat(seen, ", ") == "didFinishLaunching background, didDiscardSceneSessions 1 background",
  table.concat(seen, ", "))

-- Without the background mode: nothing.
device.terminate_in_background()
Info {
  UIApplicationSceneManifest = { UISceneConfigurations = { UIWindowSceneSessionRoleApplication = {
    { UISceneConfigurationName = "Default Configuration", UISceneDelegateClassName = "SceneDelegate",
      UISceneStoryboardFile = "Main" } } } },
}
expect.order {}
device.push({ aps = { ["content-available"] = 1 }, id = 7 })
expect.events {
  "device push (ignored: the app does not declare remote-notification in UIBackgroundModes)",
}
