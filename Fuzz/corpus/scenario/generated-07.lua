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
ViewController = class("ViewController", UIViewController)
local SceneDelegate = class("SceneDelegate", UIResponder, { "UIWindowSceneDelegate" })
SceneDelegate.properties = { "window" }
function AppDelegate:applicationWillEnterForeground(application)
  local scene = nil
end
function SceneDelegate:scene_willConnectToSession_options(scene, session, options)
  print(pcall(function() expect.log "demo://a/b?c=d" end))
  print(pcall(function() expect.called("application_openURL_options", { times = 3 }) end))
  if self.window then self.window:makeKeyAndVisible() end
end
function SceneDelegate:scene_openURLContexts(scene, contexts)
end
function SceneDelegate:sceneDidEnterBackground(scene)
  if self.window then self.window:makeKeyAndVisible() end
end
function ViewController:viewDidAppear(animated)
  local scene = nil
  if self.window then self.window.rootViewController = ViewController.new() end
  self.window = UIWindow.new()
end
function ViewController:viewWillAppear(animated)
  local scene = nil
  print(pcall(function() expect.events { "viewDidAppear" } end))
end
function ViewController:viewWillDisappear(animated)
  local scene = nil
end
function ViewController:didReceiveMemoryWarning()
  local scene = nil
end
test("case 0", function()
  UIApplicationMain(CommandLine.argc, CommandLine.unsafeArgv, nil, NSStringFromClass(AppDelegate))
  print(pcall(function() print(#trace()) end))
  print(pcall(function() for i = 1, 5 do device.kill() end end))
  print(pcall(function() print(#trace()) end))
  print(pcall(function() local v = UIViewController.new(); v.title = "" end))
  print(pcall(function() local v = UIViewController.new(); v.title = "ünïcödé" end))
end)
