Info { CFBundleExecutable = "Demo",
  CFBundleURLTypes = { { CFBundleURLSchemes = { "demo" } } },
  UIBackgroundModes = { "remote-notification", "fetch" },
  UIApplicationSceneManifest = {
  UIApplicationSupportsMultipleScenes = false,
  UISceneConfigurations = { UIWindowSceneSessionRoleApplication = {
    { UISceneConfigurationName = "Default Configuration",
      UISceneDelegateClassName = "$(PRODUCT_MODULE_NAME).SceneDelegate" },
  } } } }
Storyboard("Main", { initialViewController = "ViewController" })
reentry = 0
local AppDelegate = class("AppDelegate", UIResponder, { "UIApplicationDelegate" })
AppDelegate.properties = { "window" }
ViewController = class("ViewController", UIViewController)
local SceneDelegate = class("SceneDelegate", UIResponder, { "UIWindowSceneDelegate" })
SceneDelegate.properties = { "window" }
function AppDelegate:application_openURL_options(application, url, options)
  local scene = nil
  return true
end
function AppDelegate:applicationWillResignActive(application)
  local scene = nil
  if self.window then self.window:makeKeyAndVisible() end
  local w = UIWindow.new(); w.rootViewController = UIViewController.new()
  print(pcall(function() expect.order {  } end))
end
function AppDelegate:applicationWillTerminate(application)
  local scene = nil
  for i = 1, 4 do if self.window and self.window.rootViewController then self.window.rootViewController:presentViewController_animated_completion(ViewController.new(), false, nil) end end
  print(UIApplication.shared.connectedScenes)
end
function SceneDelegate:sceneWillResignActive(scene)
  for i = 1, 5 do print(NSStringFromClass(NSClassFromString("AppDelegate") or NSObject)) end
  self.window = scene and UIWindow.new{ windowScene = scene } or UIWindow.new()
end
function SceneDelegate:sceneDidBecomeActive(scene)
  print(#trace())
end
function SceneDelegate:scene_willConnectToSession_options(scene, session, options)
  if self.window and self.window.rootViewController then self.window.rootViewController:presentViewController_animated_completion(ViewController.new(), false, nil) end
end
function ViewController:viewWillDisappear(animated)
  local scene = nil
end
function ViewController:didReceiveMemoryWarning()
  local scene = nil
  print(pcall(function() expect.events {  } end))
  print(pcall(function() for i = 1, 0 do if self.window then self.window:makeKeyAndVisible() end end end))
end
function ViewController:viewDidLoad()
  local scene = nil
end
main(AppDelegate)
UIApplication.shared:registerForRemoteNotifications()
print(pcall(function() expect.order {  } end))
expect.called("application_didReceiveRemoteNotification_fetchCompletionHandler", { times = 3 })
device.reinstall()
NotificationCenter.default:addObserver("UIApplicationDidReceiveMemoryWarningNotification", function(note) if reentry > 0 then reentry = reentry - 1; device.kill() end end)
print(pcall(function() device.memory_warning() end))
print(UIApplication.shared.delegate ~= nil)
print(pcall(function() assert(0, "") end))
print(pcall(function() print(pcall(function() device.rotate("portrait") end)) end))
