-- window-key-before-root.lua: a window made key and visible before it has a root view
-- controller shows the root set afterwards, as if it had been there (issue 14 item 8;
-- Documentation/UIKit/windows-and-view-controllers.md, "A window made visible before its root").
-- Without scenes the window is shown when didFinishLaunching returns (§2 step 5), so the root
-- set after makeKeyAndVisible is the one that loads and appears, with no missing-root log.
-- With scenes a window made visible inside scene(_:willConnectTo:options:) loads its root and
-- sends viewWillAppear at once (§3.2, INFERRED): a root set after the call does the same, at
-- the assignment.
--
--   lifescript run --trace Scripts/regression/window-key-before-root.lua

local AppDelegate = class("AppDelegate", UIResponder, { "UIApplicationDelegate" })
AppDelegate.properties = { "window" }
function AppDelegate:application_didFinishLaunchingWithOptions(application, options)
  self.window = UIWindow.new()
  self.window:makeKeyAndVisible()
  self.window.rootViewController = Root.new()
  return true
end

Root = class("Root", UIViewController)
function Root:viewDidLoad() end
function Root:viewWillAppear(animated) end
function Root:viewDidAppear(animated) end

main(AppDelegate)
expect.events {
  "AppDelegate.application:didFinishLaunchingWithOptions:",
  "Root.loadView",
  "Root.viewDidLoad",
  "Root.viewWillAppear:",
  "Root.viewDidAppear:",
}
expect.never "log Application windows are expected to have a root view controller"

device.kill()
Info { UIApplicationSceneManifest = { UISceneConfigurations = { UIWindowSceneSessionRoleApplication = {
  { UISceneConfigurationName = "Default Configuration", UISceneDelegateClassName = "SceneDelegate" } } } } }
SceneDelegate = class("SceneDelegate", UIResponder, { "UIWindowSceneDelegate" })
SceneDelegate.properties = { "window" }
function SceneDelegate:scene_willConnectToSession_options(scene, session, options)
  self.window = UIWindow.new{ windowScene = scene }
  self.window:makeKeyAndVisible()
  self.window.rootViewController = Root.new()
end
function SceneDelegate:sceneDidBecomeActive(scene) end
expect.order {}
device.activate()
expect.events {
  "AppDelegate.application:didFinishLaunchingWithOptions:",
  "SceneDelegate.scene:willConnectToSession:options:",
  "Root.loadView",
  "Root.viewDidLoad",
  "Root.viewWillAppear:",
  "SceneDelegate.sceneDidBecomeActive:",
  "Root.viewDidAppear:",
}
