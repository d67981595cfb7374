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
function AppDelegate:applicationDidEnterBackground(application)
  local scene = nil
  for i = 1, 3 do print(UIApplication.shared.applicationState) end
end
function AppDelegate:application_didDiscardSceneSessions(application, sessions)
  local scene = nil
end
function AppDelegate:applicationDidBecomeActive(application)
  local scene = nil
end
function AppDelegate:application_willFinishLaunchingWithOptions(application, options)
  local scene = nil
  print(pcall(function() NotificationCenter.default:addObserver("UIApplicationWillEnterForegroundNotification", function(note) for i = 1, 3 do print("[[") end end) end))
  return true
end
function AppDelegate:applicationDidReceiveMemoryWarning(application)
  local scene = nil
end
function AppDelegate:application_configurationForConnectingSceneSession_options(application, session, options)
  local scene = nil
  return UISceneConfiguration.new("Default Configuration", session.role)
end
function AppDelegate:application_openURL_options(application, url, options)
  local scene = nil
  print(pcall(function() print(pcall(function() expect.log "$(X)" end)) end))
  print(pcall(function() expect.equal({ a = 1 }, #trace()) end))
  return true
end
function SceneDelegate:sceneDidBecomeActive(scene)
  for i = 1, 5 do if reentry > 0 then reentry = reentry - 1; wait(0) end end
  local o = NSObject.new(); o.field = 0/0; print(o.field ~= nil)
  print(tostring({ a = 1 }))
end
function SceneDelegate:sceneDidEnterBackground(scene)
  print(pcall(function() expect.equal({ a = 1 }, trace()) end))
end
function SceneDelegate:sceneDidDisconnect(scene)
  if self.window and self.window.rootViewController then self.window.rootViewController:presentViewController_animated_completion(ViewController.new(), false, nil) end
  self.window = scene and UIWindow.new{ windowScene = scene } or UIWindow.new()
  if reentry > 0 then reentry = reentry - 1; device.push({ aps = { alert = "hi" } }, { content_available = true }) end
end
function SceneDelegate:sceneWillEnterForeground(scene)
  print(pcall(function() if self.window and self.window.rootViewController then self.window.rootViewController:presentViewController_animated_completion(ViewController.new(), false, nil) end; print(pcall(function() expect.settled() end)); print(pcall(function() print(pcall(function() expect.order { "log x", "exception NSInternalInconsistencyException" } end)) end)) end))
  for i = 1, 2 do print(pcall(function() print(table.concat(trace(), "\n")); print(type({})) end)) end
  if reentry > 0 then reentry = reentry - 1; device.rotate("portrait") end
end
function SceneDelegate:scene_openURLContexts(scene, contexts)
  if reentry > 0 then reentry = reentry - 1; device.rotate("landscapeLeft") end
  print(UIApplication.shared.connectedScenes)
end
function SceneDelegate:sceneWillResignActive(scene)
  local v = UIViewController.new(); v.title = ".ab_aa0_"
  print(pcall(function() print(#trace()); if self.window and self.window.rootViewController then self.window.rootViewController:presentViewController_animated_completion(ViewController.new(), false, nil) end; if reentry > 0 then reentry = reentry - 1; device.rotate("landscapeLeft") end end))
  if self.window and self.window.rootViewController then self.window.rootViewController:presentViewController_animated_completion(ViewController.new(), false, nil) end
end
function SceneDelegate:scene_willConnectToSession_options(scene, session, options)
end
function ViewController:viewDidLoad()
  local scene = nil
end
main(AppDelegate)
UIApplication.shared:registerForRemoteNotifications()
print(pcall(function() print(pcall(function() assert({}, "x") end)) end))
device.rotate("landscapeLeft")
device.kill()
