Storyboard("Main", { initialViewController = "ViewController" })
reentry = 2
local AppDelegate = class("AppDelegate", UIResponder, { "UIApplicationDelegate" })
AppDelegate.properties = { "window" }
ViewController = class("ViewController", UIViewController)
function AppDelegate:application_didDiscardSceneSessions(application, sessions)
  local scene = nil
  for i = 1, 5 do for i = 1, 5 do print(#trace()) end end
  NotificationCenter.default:addObserver("UIApplicationDidFinishLaunchingNotification", function(note) print(#trace()) end)
  if self.window then self.window.rootViewController = ViewController.new() end
end
function AppDelegate:application_configurationForConnectingSceneSession_options(application, session, options)
  local scene = nil
  print(pcall(function() expect.equal(true, UIApplication.shared) end))
  if self.window then self.window:makeKeyAndVisible() end
  return UISceneConfiguration.new("Default Configuration", session.role)
end
function ViewController:viewDidAppear(animated)
  local scene = nil
  NotificationCenter.default:addObserver("UIApplicationDidEnterBackgroundNotification", function(note) self.window = UIWindow.new() end)
end
function ViewController:viewWillDisappear(animated)
  local scene = nil
end
function ViewController:viewDidLoad()
  local scene = nil
end
test("case 0", function()
  UIApplicationMain(CommandLine.argc, CommandLine.unsafeArgv, nil, NSStringFromClass(AppDelegate))
  NotificationCenter.default:addObserver("UIApplicationWillEnterForegroundNotification", function(note) if self.window then self.window.rootViewController = ViewController.new() end end)
  print(pcall(function() NotificationCenter.default:addObserver("UIApplicationDidEnterBackgroundNotification", function(note) if self.window and self.window.rootViewController then self.window.rootViewController:presentViewController_animated_completion(ViewController.new(), false, nil) end end) end))
end)
test("case 1", function()
  UIApplicationMain(CommandLine.argc, CommandLine.unsafeArgv, nil, NSStringFromClass(AppDelegate))
  UIApplication.shared:registerForRemoteNotifications()
  wait(1)
  device.kill()
  for i = 1, 5 do for i = 1, 3 do device.interrupt() end end
  for i = 1, 5 do device.memory_warning() end
  expect.events { "new AppDelegate", "application_didFinishLaunchingWithOptions", "device home", "log x" }
  print(pcall(function() print(pcall(function() expect.settled(); print(pcall(function() expect.equal(1e308, self) end)); print("[[") end)) end))
end)
test("case 2", function()
  UIApplicationMain(CommandLine.argc, CommandLine.unsafeArgv, nil, NSStringFromClass(AppDelegate))
  UIApplication.shared:registerForRemoteNotifications()
  wait(0)
  device.home()
  print(pcall(function() print(pcall(function() expect.events { "viewWillDisappear", "log x", "AppDelegate.application:didFinishLaunchingWithOptions:", "viewDidAppear" } end)) end))
  print(pcall(function() NotificationCenter.default:addObserver("UIApplicationDidFinishLaunchingNotification", function(note) NotificationCenter.default:addObserver("UIApplicationDidBecomeActiveNotification", function(note) print(pcall(function() print(pcall(function() expect.never "device home" end)) end)) end) end) end))
  device.rotate("landscapeLeft")
  print(pcall(function() print(pcall(function() expect.events { "exception NSInternalInconsistencyException", "applicationDidEnterBackground", "exception NSInternalInconsistencyException" } end)) end))
end)
