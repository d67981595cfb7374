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
reentry = 2
local AppDelegate = class("AppDelegate", UIResponder, { "UIApplicationDelegate" })
AppDelegate.properties = { "window" }
ViewController = class("ViewController", UIViewController)
local SceneDelegate = class("SceneDelegate", UIResponder, { "UIWindowSceneDelegate" })
SceneDelegate.properties = { "window" }
function AppDelegate:applicationDidReceiveMemoryWarning(application)
  local scene = nil
  for i = 1, 4 do local w = UIWindow.new(); w.rootViewController = UIViewController.new() end
end
function AppDelegate:application_configurationForConnectingSceneSession_options(application, session, options)
  local scene = nil
  expect.order { "log x", "device home", "device home" }
  return UISceneConfiguration.new("Default Configuration", session.role)
end
function AppDelegate:applicationWillResignActive(application)
  local scene = nil
  print(pcall(function() NotificationCenter.default:addObserver("UIApplicationDidFinishLaunchingNotification", function(note) if self.window then self.window.rootViewController = ViewController.new() end end) end))
end
function AppDelegate:application_openURL_options(application, url, options)
  local scene = nil
  for i = 1, 1 do print(table.concat(trace(), "\n")) end
  local w = UIWindow.new(); w.rootViewController = UIViewController.new()
  self.window = UIWindow.new()
  return true
end
function AppDelegate:application_willFinishLaunchingWithOptions(application, options)
  local scene = nil
  return true
end
function AppDelegate:applicationWillEnterForeground(application)
  local scene = nil
  print(UIApplication.shared.delegate ~= nil)
  self.window = scene and UIWindow.new{ windowScene = scene } or UIWindow.new()
  if reentry > 0 then reentry = reentry - 1; device.rotate("landscapeLeft") end
end
function AppDelegate:applicationDidEnterBackground(application)
  local scene = nil
  print(type(nil))
  print(pcall(function() print(UIApplication.shared.applicationState) end))
end
function AppDelegate:application_didFinishLaunchingWithOptions(application, options)
  local scene = nil
  print(pcall(function() expect.never "post UIApplicationDidBecomeActiveNotification" end))
  return true
end
function AppDelegate:application_didDiscardSceneSessions(application, sessions)
  local scene = nil
  print(pcall(function() if self.window then self.window:makeKeyAndVisible() end; if reentry > 0 then reentry = reentry - 1; device.reinstall() end; print(UIApplication.shared.connectedScenes) end))
  self.window = scene and UIWindow.new{ windowScene = scene } or UIWindow.new()
end
function AppDelegate:applicationWillTerminate(application)
  local scene = nil
end
function SceneDelegate:sceneWillResignActive(scene)
  for i = 1, 1 do NotificationCenter.default:addObserver("UIApplicationDidBecomeActiveNotification", function(note) print(pcall(function() print(tostring({})); print(pcall(function() expect.log "Z__:" end)) end)) end) end
  NotificationCenter.default:addObserver("UIApplicationWillEnterForegroundNotification", function(note) print(table.concat(trace(), "\n")) end)
  if self.window then self.window:makeKeyAndVisible() end
end
function SceneDelegate:sceneDidDisconnect(scene)
end
function SceneDelegate:scene_willConnectToSession_options(scene, session, options)
  print(tostring(-1))
  expect.exception "%s%d"
end
function SceneDelegate:scene_openURLContexts(scene, contexts)
  if reentry > 0 then reentry = reentry - 1; device.rotate("portrait") end
end
function ViewController:viewDidAppear(animated)
  local scene = nil
end
function ViewController:didReceiveMemoryWarning()
  local scene = nil
  print(pcall(function() if reentry > 0 then reentry = reentry - 1; device.interrupt() end; NotificationCenter.default:addObserver("UIApplicationDidEnterBackgroundNotification", function(note) for i = 1, 4 do print(pcall(function() expect.log "ZcYZZ00_a" end)) end end) end))
  if reentry > 0 then reentry = reentry - 1; device.run_background_task("task86400") end
  if self.window and self.window.rootViewController then self.window.rootViewController:presentViewController_animated_completion(ViewController.new(), false, nil) end
end
function ViewController:viewDidDisappear(animated)
  local scene = nil
  for i = 1, 1 do if self.window then self.window.rootViewController = ViewController.new() end end
  print(UIApplication.shared.applicationState)
end
function ViewController:viewWillAppear(animated)
  local scene = nil
  print(pcall(function() if self.window then self.window:makeKeyAndVisible() end; print(UIApplication.shared.applicationState) end))
  if self.window then self.window.rootViewController = ViewController.new() end
end
function ViewController:viewDidLoad()
  local scene = nil
end
test("case 0", function()
  main(AppDelegate)
  UIApplication.shared:registerForRemoteNotifications()
  print(pcall(function() print(pcall(function() expect.settled() end)) end))
  print(pcall(function() expect.settled() end))
  print(pcall(function() expect.settled() end))
  device.end_interruption()
  print(pcall(function() expect.never "AppDelegate.application:didDiscardSceneSessions:" end))
end)
