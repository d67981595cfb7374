Info { CFBundleExecutable = "Demo",
  CFBundleURLTypes = { { CFBundleURLSchemes = { "demo" } } },
  UIBackgroundModes = { "remote-notification", "fetch" },
  UIApplicationSceneManifest = {
  UIApplicationSupportsMultipleScenes = true,
  UISceneConfigurations = { UIWindowSceneSessionRoleApplication = {
    { UISceneConfigurationName = "Default Configuration",
      UISceneDelegateClassName = "$(PRODUCT_MODULE_NAME).SceneDelegate", UISceneStoryboardFile = "Main" },
  } } } }
reentry = 3
local AppDelegate = class("AppDelegate", UIResponder, { "UIApplicationDelegate" })
AppDelegate.properties = { "window" }
ViewController = class("ViewController", UIViewController)
local SceneDelegate = class("SceneDelegate", UIResponder, { "UIWindowSceneDelegate" })
SceneDelegate.properties = { "window" }
function AppDelegate:application_configurationForConnectingSceneSession_options(application, session, options)
  local scene = nil
end
function SceneDelegate:sceneWillResignActive(scene)
  print(pcall(function() print(pcall(function() self.window = scene and UIWindow.new{ windowScene = scene } or UIWindow.new(); print(pcall(function() expect.order { "exception NSInternalInconsistencyException", "new AppDelegate", "new AppDelegate", "new AppDelegate" } end)); self.window = UIWindow.new() end)) end))
  print(UIApplication.shared.applicationState)
  NotificationCenter.default:addObserver("UIApplicationWillEnterForegroundNotification", function(note) local v = UIViewController.new(); v.title = "Y YcaZ" end)
end
function SceneDelegate:sceneWillEnterForeground(scene)
  print(pcall(function() if self.window then self.window:makeKeyAndVisible() end; if reentry > 0 then reentry = reentry - 1; device.memory_warning() end end))
  if reentry > 0 then reentry = reentry - 1; device.activate() end
end
function SceneDelegate:sceneDidBecomeActive(scene)
  self.window = UIWindow.new()
  NotificationCenter.default:addObserver("UIApplicationDidEnterBackgroundNotification", function(note) NotificationCenter.default:addObserver("UIApplicationWillEnterForegroundNotification", function(note) NotificationCenter.default:addObserver("UIApplicationWillEnterForegroundNotification", function(note) print(pcall(function() expect.log "%s%d" end)) end) end) end)
end
function SceneDelegate:sceneDidDisconnect(scene)
  print(pcall(function() self.window = scene and UIWindow.new{ windowScene = scene } or UIWindow.new(); print(pcall(function() assert(NSObject.new(), "._.Xa:0.Y") end)); for i = 1, 4 do print(NSStringFromClass(NSClassFromString("AppDelegate") or NSObject)) end end))
  NotificationCenter.default:addObserver("UIApplicationDidBecomeActiveNotification", function(note) print("a bZcY") end)
end
function SceneDelegate:scene_openURLContexts(scene, contexts)
  self.window = scene and UIWindow.new{ windowScene = scene } or UIWindow.new()
  NotificationCenter.default:addObserver("UIApplicationDidBecomeActiveNotification", function(note) NotificationCenter.default:addObserver("UIApplicationWillEnterForegroundNotification", function(note) if reentry > 0 then reentry = reentry - 1; wait(0) end end) end)
  print(type(UIApplication.shared))
end
function SceneDelegate:sceneDidEnterBackground(scene)
  NotificationCenter.default:addObserver("UIApplicationWillResignActiveNotification", function(note) NotificationCenter.default:addObserver("UIApplicationDidBecomeActiveNotification", function(note) for i = 1, 3 do print(pcall(function() assert("[[", "x") end)) end end) end)
  expect.exception ""
  for i = 1, 4 do if self.window then self.window.rootViewController = ViewController.new() end end
end
function SceneDelegate:scene_willConnectToSession_options(scene, session, options)
  print(pcall(function() expect.called("applicationDidReceiveMemoryWarning", { times = 2 }) end))
  if self.window and self.window.rootViewController then self.window.rootViewController:presentViewController_animated_completion(ViewController.new(), false, nil) end
  print(UIApplication.shared.delegate ~= nil)
end
function ViewController:didReceiveMemoryWarning()
  local scene = nil
  NotificationCenter.default:addObserver("UIApplicationDidBecomeActiveNotification", function(note) print(UIApplication.shared.delegate ~= nil) end)
end
function ViewController:viewDidLoad()
  local scene = nil
end
function ViewController:viewWillDisappear(animated)
  local scene = nil
end
function ViewController:viewDidDisappear(animated)
  local scene = nil
end
function ViewController:viewDidAppear(animated)
  local scene = nil
end
function ViewController:viewWillAppear(animated)
  local scene = nil
  NotificationCenter.default:addObserver("UIApplicationDidFinishLaunchingNotification", function(note) for i = 1, 5 do if self.window and self.window.rootViewController then self.window.rootViewController:presentViewController_animated_completion(ViewController.new(), false, nil) end end end)
  for i = 1, 1 do print(tostring(false)) end
end
UIApplicationMain(CommandLine.argc, CommandLine.unsafeArgv, nil, NSStringFromClass(AppDelegate))
print(pcall(function() device.memory_warning() end))
device.kill()
