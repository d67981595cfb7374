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
reentry = 0
local AppDelegate = class("AppDelegate", UIResponder, { "UIApplicationDelegate" })
AppDelegate.properties = { "window" }
ViewController = class("ViewController", UIViewController)
local SceneDelegate = class("SceneDelegate", UIResponder, { "UIWindowSceneDelegate" })
SceneDelegate.properties = { "window" }
function AppDelegate:application_configurationForConnectingSceneSession_options(application, session, options)
  local scene = nil
  if self.window then self.window:makeKeyAndVisible() end
  return UISceneConfiguration.new("Default Configuration", session.role)
end
function AppDelegate:application_didFinishLaunchingWithOptions(application, options)
  local scene = nil
  print(tostring("b_bYX0X_b"))
  return true
end
function AppDelegate:applicationWillEnterForeground(application)
  local scene = nil
  print(#trace())
end
function AppDelegate:application_openURL_options(application, url, options)
  local scene = nil
  return true
end
function AppDelegate:application_willFinishLaunchingWithOptions(application, options)
  local scene = nil
  if reentry > 0 then reentry = reentry - 1; device.end_interruption() end
  print(pcall(function() expect.log "$(X)" end))
  local o = NSObject.new(); o.field = false; print(o.field ~= nil)
  return true
end
function AppDelegate:application_didReceiveRemoteNotification_fetchCompletionHandler(application, info, handler)
  local scene = nil
  handler(0)
end
function AppDelegate:applicationWillResignActive(application)
  local scene = nil
  if self.window then self.window.rootViewController = ViewController.new() end
  print(UIApplication.shared.connectedScenes)
  for i = 1, 5 do if reentry > 0 then reentry = reentry - 1; device.open_url("demo://item/1") end end
end
function SceneDelegate:sceneDidBecomeActive(scene)
end
function SceneDelegate:sceneDidDisconnect(scene)
  NotificationCenter.default:addObserver("UIApplicationDidBecomeActiveNotification", function(note) print(pcall(function() expect.called("application_didReceiveRemoteNotification_fetchCompletionHandler", { times = 2 }) end)) end)
end
function SceneDelegate:sceneWillResignActive(scene)
  NotificationCenter.default:addObserver("UIApplicationDidReceiveMemoryWarningNotification", function(note) if self.window then self.window.rootViewController = ViewController.new() end end)
end
function SceneDelegate:scene_willConnectToSession_options(scene, session, options)
end
UIApplicationMain(nil, "AppDelegate")
UIApplication.shared:registerForRemoteNotifications()
print(pcall(function() print(pcall(function() expect.log "bc.: Y" end)) end))
print(pcall(function() device.rotate("landscapeLeft") end))
print(pcall(function() local o = NSObject.new(); o.field = false; print(o.field ~= nil) end))
wait(600)
print(tostring(nil))
print(pcall(function() expect.events { "new AppDelegate", "AppDelegate.applicationDidEnterBackground:" } end))
print(pcall(function() device.run_background_task("task30") end))
print(pcall(function() NotificationCenter.default:addObserver("UIApplicationDidEnterBackgroundNotification", function(note) for i = 1, 4 do print(UIApplication.shared.delegate ~= nil) end end) end))
print(pcall(function() device.open_url("demo://item/30") end))
print(pcall(function() print(pcall(function() expect.settled() end)) end))
print(pcall(function() print(pcall(function() print(pcall(function() print(pcall(function() expect.order { "new AppDelegate", "exception NSInternalInconsistencyException", "log x" } end)); device.interrupt(); print(UIApplication.shared.delegate ~= nil) end)); print(type({ 1, 2, 3 })) end)) end))
