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
reentry = 0
local AppDelegate = class("AppDelegate", UIResponder, { "UIApplicationDelegate" })
AppDelegate.properties = { "window" }
ViewController = class("ViewController", UIViewController)
local SceneDelegate = class("SceneDelegate", UIResponder, { "UIWindowSceneDelegate" })
SceneDelegate.properties = { "window" }
function AppDelegate:application_openURL_options(application, url, options)
  local scene = nil
  print(pcall(function() expect.exception "%s%d" end))
  return true
end
function AppDelegate:applicationDidEnterBackground(application)
  local scene = nil
  for i = 1, 3 do print(pcall(function() print(UIApplication.shared.delegate ~= nil); for i = 1, 5 do print(table.concat(trace(), "\n")) end; for i = 1, 0 do print(table.concat(trace(), "\n")) end end)) end
  print(pcall(function() for i = 1, 5 do NotificationCenter.default:addObserver("UIApplicationWillEnterForegroundNotification", function(note) print(UIApplication.shared.applicationState) end) end; print(pcall(function() print(tostring(#trace())); self.window = UIWindow.new(); self.window = UIWindow.new() end)) end))
  self.window = UIWindow.new()
end
function AppDelegate:application_willFinishLaunchingWithOptions(application, options)
  local scene = nil
  return true
end
function AppDelegate:applicationWillResignActive(application)
  local scene = nil
  print(UIApplication.shared.delegate ~= nil)
  print(UIApplication.shared.delegate ~= nil)
end
function AppDelegate:applicationWillEnterForeground(application)
  local scene = nil
  NotificationCenter.default:addObserver("UISceneWillConnectNotification", function(note) print(UIApplication.shared.applicationState) end)
end
function AppDelegate:applicationDidBecomeActive(application)
  local scene = nil
  if reentry > 0 then reentry = reentry - 1; wait(0) end
  print(pcall(function() expect.exception "[[" end))
  if self.window then self.window:makeKeyAndVisible() end
end
function SceneDelegate:scene_openURLContexts(scene, contexts)
  for i = 1, 5 do print(pcall(function() print(pcall(function() expect.settled(); print(pcall(function() expect.equal({ 1, 2, 3 }, self) end)) end)) end)) end
end
function ViewController:viewDidLoad()
  local scene = nil
  print(UIApplication.shared.delegate ~= nil)
  if reentry > 0 then reentry = reentry - 1; device.rotate("landscapeLeft") end
  if self.window then self.window:makeKeyAndVisible() end
end
function ViewController:didReceiveMemoryWarning()
  local scene = nil
end
function ViewController:viewWillAppear(animated)
  local scene = nil
  if reentry > 0 then reentry = reentry - 1; device.activate() end
end
function ViewController:viewDidAppear(animated)
  local scene = nil
  NotificationCenter.default:addObserver("UIApplicationDidFinishLaunchingNotification", function(note) NotificationCenter.default:addObserver("UIApplicationDidEnterBackgroundNotification", function(note) local w = UIWindow.new(); w.rootViewController = UIViewController.new() end) end)
  if reentry > 0 then reentry = reentry - 1; device.push({ aps = { alert = "hi" } }, { content_available = true }) end
end
test("case 0", function()
  UIApplicationMain(nil, "AppDelegate")
  UIApplication.shared:registerForRemoteNotifications()
  print(pcall(function() local w = UIWindow.new(); w.rootViewController = UIViewController.new() end))
end)
