-- minimal-app.lua: seed 003, "MinimalApp". An iOS 13 scene app with everything configured by
-- hand: the app delegate returns the scene configuration, the scene delegate makes the window
-- (reference §3.2, §3.3, §14 D).
--
--   lifescript run --trace Scripts/examples/minimal-app.lua

-- A scene manifest with no configurations: the app adopts scenes, and says how in code.
Info { UIApplicationSceneManifest = { UIApplicationSupportsMultipleScenes = false } }

local AppDelegate = class("AppDelegate", UIResponder, { "UIApplicationDelegate" })

function AppDelegate:application_didFinishLaunchingWithOptions(application, launchOptions)
  assert(launchOptions == nil, "with scenes there are no launch options (§3.1 step 2)")
  return true
end

function AppDelegate:application_configurationForConnectingSceneSession_options(application, session, options)
  local configuration = UISceneConfiguration.new("Default", UIWindowSceneSessionRoleApplication)
  configuration.delegateClass = SceneDelegate
  return configuration
end

SceneDelegate = class("SceneDelegate", UIResponder, { "UIWindowSceneDelegate" })
SceneDelegate.properties = { "window" }

function SceneDelegate:scene_willConnectToSession_options(scene, session, options)
  local window = UIWindow.new { windowScene = scene }
  window.rootViewController = ViewController.new()
  self.window = window
  self.window:makeKeyAndVisible()
end

function SceneDelegate:sceneWillEnterForeground(scene) end
function SceneDelegate:sceneDidBecomeActive(scene) end
function SceneDelegate:sceneWillResignActive(scene) end
function SceneDelegate:sceneDidEnterBackground(scene) end

ViewController = class("ViewController", UIViewController)

UIApplicationMain(CommandLine.argc, CommandLine.unsafeArgv,
  NSStringFromClass(UIApplication), NSStringFromClass(AppDelegate))

expect.events {
  "new UIApplication",
  "new AppDelegate",
  "AppDelegate.application:didFinishLaunchingWithOptions:",
  "post UIApplicationDidFinishLaunchingNotification",
  "AppDelegate.application:configurationForConnectingSceneSession:options:",
  "new UISceneConfiguration",
  -- UISceneConfiguration(name:sessionRole:) finds no configurations to copy from (§7.6):
  "log [SceneConfiguration] Info.plist contained no UIScene configuration dictionary (looking for configuration named \"Default\")",
  "new UIWindowScene",
  "new SceneDelegate",
  "SceneDelegate.scene:willConnectToSession:options:",
  "new UIWindow",
  "new ViewController",
  "ViewController.loadView",                 -- inside makeKeyAndVisible (§3.2, INFERRED)
  "ViewController.viewDidLoad",
  "ViewController.viewWillAppear:",
  "post UISceneWillConnectNotification",
  "SceneDelegate.sceneWillEnterForeground:",
  "post UISceneWillEnterForegroundNotification",
  "post UIApplicationWillEnterForegroundNotification",
  "SceneDelegate.sceneDidBecomeActive:",
  "post UISceneDidActivateNotification",
  "post UIApplicationDidBecomeActiveNotification",
  "ViewController.viewDidAppear:",
}
local scene = UIApplication.shared.connectedScenes[1]
assert(scene:isKindOfClass(UIWindowScene) and scene.activationState == "foregroundActive")
assert(scene.session.configuration.delegateClass == SceneDelegate)
assert(UIApplication.shared.applicationState == "active")
assert(scene.delegate.window.windowScene == scene)

device.home()                                -- §14 E, scenes
expect.events {
  "SceneDelegate.sceneWillResignActive:",
  "post UISceneWillDeactivateNotification",
  "post UIApplicationWillResignActiveNotification",
  "SceneDelegate.sceneDidEnterBackground:",
  "post UISceneDidEnterBackgroundNotification",
  "post UIApplicationDidEnterBackgroundNotification",
}
device.activate()                            -- §14 F, scenes
expect.events {
  "SceneDelegate.sceneWillEnterForeground:",
  "post UISceneWillEnterForegroundNotification",
  "post UIApplicationWillEnterForegroundNotification",
  "SceneDelegate.sceneDidBecomeActive:",
  "post UISceneDidActivateNotification",
  "post UIApplicationDidBecomeActiveNotification",
}

-- What UIKit handed the scene: connection options, empty for a launch from the home screen.
function SceneDelegate:scene_willConnectToSession_options(scene, session, options)
  assert(#options.urlContexts == 0 and options.shortcutItem == nil and #options.userActivities == 0)
  local window = UIWindow.new { windowScene = scene }
  window.rootViewController = ViewController.new()
  self.window = window
  window:makeKeyAndVisible()
end
device.kill()
device.activate()
assert(UIApplication.shared.connectedScenes[1].session.configuration.storyboard == nil)
