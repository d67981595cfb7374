Info { CFBundleExecutable = "Demo",
  CFBundleURLTypes = { { CFBundleURLSchemes = { "demo" } } },
  UIBackgroundModes = { "remote-notification", "fetch" },
  UIApplicationSceneManifest = {
  UIApplicationSupportsMultipleScenes = false,
  UISceneConfigurations = { UIWindowSceneSessionRoleApplication = {
    { UISceneConfigurationName = "Default Configuration",
      UISceneDelegateClassName = "$(PRODUCT_MODULE_NAME).SceneDelegate", UISceneStoryboardFile = "Main" },
  } } } }
Storyboard("Main", { initialViewController = "ViewController" })
reentry = 1
local AppDelegate = class("AppDelegate", UIResponder, { "UIApplicationDelegate" })
AppDelegate.properties = { "window" }
ViewController = class("ViewController", UIViewController)
local SceneDelegate = class("SceneDelegate", UIResponder, { "UIWindowSceneDelegate" })
SceneDelegate.properties = { "window" }
function AppDelegate:applicationDidReceiveMemoryWarning(application)
  local scene = nil
end
function AppDelegate:application_didDiscardSceneSessions(application, sessions)
  local scene = nil
end
function AppDelegate:application_configurationForConnectingSceneSession_options(application, session, options)
  local scene = nil
  if self.window and self.window.rootViewController then self.window.rootViewController:presentViewController_animated_completion(ViewController.new(), false, nil) end
  print(pcall(function() print(tostring(nil)); print(#trace()); print(UIApplication.shared.delegate ~= nil) end))
  print(pcall(function() expect.order { "post UIApplicationDidBecomeActiveNotification" } end))
  return UISceneConfiguration.new("Default Configuration", session.role)
end
function AppDelegate:applicationDidBecomeActive(application)
  local scene = nil
  print("$(X)")
end
function AppDelegate:application_didFinishLaunchingWithOptions(application, options)
  local scene = nil
  print(NSStringFromClass(NSClassFromString("AppDelegate") or NSObject))
  return true
end
function AppDelegate:applicationWillResignActive(application)
  local scene = nil
  for i = 1, 4 do self.window = UIWindow.new() end
  if self.window and self.window.rootViewController then self.window.rootViewController:presentViewController_animated_completion(ViewController.new(), false, nil) end
end
function AppDelegate:application_openURL_options(application, url, options)
  local scene = nil
  self.window = UIWindow.new()
  return true
end
function AppDelegate:application_didReceiveRemoteNotification_fetchCompletionHandler(application, info, handler)
  local scene = nil
  local o = NSObject.new(); o.field = 0/0; print(o.field ~= nil)
  print("X_Y_")
  handler(0)
end
function SceneDelegate:sceneDidBecomeActive(scene)
end
function SceneDelegate:scene_willConnectToSession_options(scene, session, options)
  print(pcall(function() for i = 1, 4 do if reentry > 0 then reentry = reentry - 1; device.rotate("landscapeLeft") end end; print(tostring({ 1, 2, 3 })) end))
  if reentry > 0 then reentry = reentry - 1; device.open_url("demo://item/86400") end
end
function SceneDelegate:sceneDidDisconnect(scene)
end
function SceneDelegate:scene_openURLContexts(scene, contexts)
  for i = 1, 2 do for i = 1, 5 do print(pcall(function() expect.called("applicationDidBecomeActive", { times = 0 }) end)) end end
end
function SceneDelegate:sceneDidEnterBackground(scene)
  self.window = UIWindow.new()
end
function SceneDelegate:sceneWillResignActive(scene)
  self.window = UIWindow.new()
end
function SceneDelegate:sceneWillEnterForeground(scene)
  local w = UIWindow.new(); w.rootViewController = UIViewController.new()
  assert(math.maxinteger, "%s%d")
end
function ViewController:viewDidDisappear(animated)
  local scene = nil
end
function ViewController:didReceiveMemoryWarning()
  local scene = nil
  self.window = UIWindow.new()
  if self.window then self.window:makeKeyAndVisible() end
  print(NSStringFromClass(NSClassFromString("AppDelegate") or NSObject))
end
function ViewController:viewWillAppear(animated)
  local scene = nil
  expect.log "b_a"
  if self.window and self.window.rootViewController then self.window.rootViewController:presentViewController_animated_completion(ViewController.new(), false, nil) end
  print(pcall(function() expect.settled() end))
end
function ViewController:viewWillDisappear(animated)
  local scene = nil
  print(UIApplication.shared.connectedScenes)
  print(pcall(function() print(NSStringFromClass(NSClassFromString("AppDelegate") or NSObject)); print(pcall(function() print(pcall(function() expect.events {  } end)); print(pcall(function() print(pcall(function() expect.called("application_didReceiveRemoteNotification_fetchCompletionHandler", { times = 0 }) end)); print(UIApplication.shared.applicationState); print("(") end)); print(pcall(function() assert(true, "_a ZbX_:YXa") end)) end)); expect.exception "%s%d" end))
end
function ViewController:viewDidLoad()
  local scene = nil
  local o = NSObject.new(); o.field = "0X0a0aaY"; print(o.field ~= nil)
end
test("case 0", function()
  main(AppDelegate)
  UIApplication.shared:registerForRemoteNotifications()
  print(pcall(function() expect.equal(trace(), false) end))
end)
test("case 1", function()
  main(AppDelegate)
  for i = 1, 2 do local o = NSObject.new(); o.field = math.maxinteger; print(o.field ~= nil) end
  device.memory_warning()
  print(pcall(function() for i = 1, 3 do print(pcall(function() expect.never "exception NSInternalInconsistencyException" end)) end end))
  expect.exception "_cXc0_"
end)
