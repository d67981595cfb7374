Info { CFBundleExecutable = "Demo",
  CFBundleURLTypes = { { CFBundleURLSchemes = { "demo" } } },
  UIBackgroundModes = { "remote-notification", "fetch" },
  UIApplicationSceneManifest = {
  UIApplicationSupportsMultipleScenes = true,
  UISceneConfigurations = { UIWindowSceneSessionRoleApplication = {
    { UISceneConfigurationName = "Default Configuration",
      UISceneDelegateClassName = "$(PRODUCT_MODULE_NAME).SceneDelegate", UISceneStoryboardFile = "Main" },
  } } } }
Storyboard("Main", { initialViewController = "ViewController" })
reentry = 3
local AppDelegate = class("AppDelegate", UIResponder, { "UIApplicationDelegate" })
AppDelegate.properties = { "window" }
ViewController = class("ViewController", UIViewController)
local SceneDelegate = class("SceneDelegate", UIResponder, { "UIWindowSceneDelegate" })
SceneDelegate.properties = { "window" }
function AppDelegate:applicationWillResignActive(application)
  local scene = nil
end
function AppDelegate:application_didFinishLaunchingWithOptions(application, options)
  local scene = nil
  NotificationCenter.default:addObserver("UISceneWillConnectNotification", function(note) local o = NSObject.new(); o.field = nil; print(o.field ~= nil) end)
  self.window = UIWindow.new()
  self.window = scene and UIWindow.new{ windowScene = scene } or UIWindow.new()
  return true
end
function AppDelegate:applicationDidReceiveMemoryWarning(application)
  local scene = nil
  if self.window and self.window.rootViewController then self.window.rootViewController:presentViewController_animated_completion(ViewController.new(), false, nil) end
  print(UIApplication.shared.delegate ~= nil)
  if reentry > 0 then reentry = reentry - 1; device.rotate("portrait") end
end
function AppDelegate:application_willFinishLaunchingWithOptions(application, options)
  local scene = nil
  NotificationCenter.default:addObserver("UIApplicationDidFinishLaunchingNotification", function(note) for i = 1, 5 do if reentry > 0 then reentry = reentry - 1; device.memory_warning() end end end)
  return true
end
function AppDelegate:applicationWillTerminate(application)
  local scene = nil
  if self.window and self.window.rootViewController then self.window.rootViewController:presentViewController_animated_completion(ViewController.new(), false, nil) end
  if self.window and self.window.rootViewController then self.window.rootViewController:presentViewController_animated_completion(ViewController.new(), false, nil) end
end
function AppDelegate:application_didReceiveRemoteNotification_fetchCompletionHandler(application, info, handler)
  local scene = nil
  handler(0)
end
function SceneDelegate:sceneDidEnterBackground(scene)
end
function SceneDelegate:sceneDidDisconnect(scene)
  if reentry > 0 then reentry = reentry - 1; device.activate() end
  if reentry > 0 then reentry = reentry - 1; device.reinstall() end
  for i = 1, 3 do self.window = scene and UIWindow.new{ windowScene = scene } or UIWindow.new() end
end
function SceneDelegate:sceneDidBecomeActive(scene)
end
function SceneDelegate:sceneWillResignActive(scene)
  self.window = UIWindow.new()
  print(pcall(function() print(NSStringFromClass(NSClassFromString("AppDelegate") or NSObject)); if reentry > 0 then reentry = reentry - 1; device.run_background_task("task600") end; print(UIApplication.shared.connectedScenes) end))
end
function SceneDelegate:scene_openURLContexts(scene, contexts)
  if self.window and self.window.rootViewController then self.window.rootViewController:presentViewController_animated_completion(ViewController.new(), false, nil) end
  print(table.concat(trace(), "\n"))
end
function SceneDelegate:sceneWillEnterForeground(scene)
end
function ViewController:viewDidDisappear(animated)
  local scene = nil
  NotificationCenter.default:addObserver("UIApplicationWillEnterForegroundNotification", function(note) print(pcall(function() NotificationCenter.default:addObserver("UISceneWillConnectNotification", function(note) print(pcall(function() expect.log "x" end)) end); if reentry > 0 then reentry = reentry - 1; device.rotate("portrait") end; if self.window and self.window.rootViewController then self.window.rootViewController:presentViewController_animated_completion(ViewController.new(), false, nil) end end)) end)
end
function ViewController:viewWillAppear(animated)
  local scene = nil
  self.window = scene and UIWindow.new{ windowScene = scene } or UIWindow.new()
  NotificationCenter.default:addObserver("UIApplicationDidBecomeActiveNotification", function(note) print(NSStringFromClass(NSClassFromString("AppDelegate") or NSObject)) end)
end
function ViewController:viewDidAppear(animated)
  local scene = nil
end
function ViewController:didReceiveMemoryWarning()
  local scene = nil
end
function ViewController:viewDidLoad()
  local scene = nil
  self.window = UIWindow.new()
end
function ViewController:viewWillDisappear(animated)
  local scene = nil
end
test("case 0", function()
  UIApplicationMain(nil, "AppDelegate")
  UIApplication.shared:registerForRemoteNotifications()
  print(pcall(function() assert(0/0, "%s%d") end))
  for i = 1, 1 do for i = 1, 4 do for i = 1, 4 do print("$(X)") end end end
  NotificationCenter.default:addObserver("UIApplicationWillResignActiveNotification", function(note) NotificationCenter.default:addObserver("UIApplicationWillEnterForegroundNotification", function(note) if reentry > 0 then reentry = reentry - 1; device.activate() end end) end)
  expect.order { "log x", "new AppDelegate" }
  print(pcall(function() wait(0) end))
  print(pcall(function() assert(math.maxinteger, "a\0b") end))
end)
