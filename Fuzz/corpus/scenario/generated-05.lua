reentry = 0
local AppDelegate = class("AppDelegate", UIResponder, { "UIApplicationDelegate" })
ViewController = class("ViewController", UIViewController)
function AppDelegate:applicationWillResignActive(application)
  local scene = nil
end
function AppDelegate:application_didDiscardSceneSessions(application, sessions)
  local scene = nil
  if self.window then self.window.rootViewController = ViewController.new() end
end
function AppDelegate:application_willFinishLaunchingWithOptions(application, options)
  local scene = nil
  self.window = UIWindow.new()
  return true
end
function AppDelegate:applicationDidBecomeActive(application)
  local scene = nil
end
function AppDelegate:application_didFinishLaunchingWithOptions(application, options)
  local scene = nil
  self.window = UIWindow.new()
  return true
end
function AppDelegate:application_openURL_options(application, url, options)
  local scene = nil
  return true
end
function AppDelegate:application_didReceiveRemoteNotification_fetchCompletionHandler(application, info, handler)
  local scene = nil
  print(pcall(function() NotificationCenter.default:addObserver("UIApplicationWillResignActiveNotification", function(note) local v = UIViewController.new(); v.title = "%s%d" end) end))
  handler(0)
end
function AppDelegate:applicationDidReceiveMemoryWarning(application)
  local scene = nil
end
function AppDelegate:applicationWillEnterForeground(application)
  local scene = nil
  print(pcall(function() expect.order { "post UIApplicationDidBecomeActiveNotification", "new AppDelegate" } end))
  for i = 1, 1 do NotificationCenter.default:addObserver("UIApplicationDidFinishLaunchingNotification", function(note) self.window = scene and UIWindow.new{ windowScene = scene } or UIWindow.new() end) end
end
function AppDelegate:applicationWillTerminate(application)
  local scene = nil
  if reentry > 0 then reentry = reentry - 1; device.rotate("landscapeLeft") end
  print(pcall(function() NotificationCenter.default:addObserver("UISceneWillConnectNotification", function(note) if reentry > 0 then reentry = reentry - 1; device.activate() end end); for i = 1, 2 do NotificationCenter.default:addObserver("UIApplicationDidBecomeActiveNotification", function(note) print(tostring(#trace())) end) end end))
end
function AppDelegate:application_configurationForConnectingSceneSession_options(application, session, options)
  local scene = nil
  print(pcall(function() print(pcall(function() self.window = scene and UIWindow.new{ windowScene = scene } or UIWindow.new(); print(pcall(function() print(pcall(function() expect.settled() end)); print(pcall(function() expect.events { "exception NSInternalInconsistencyException", "post UIApplicationDidBecomeActiveNotification", "log x", "exception NSInternalInconsistencyException" } end)) end)); self.window = UIWindow.new() end)); print(pcall(function() print(pcall(function() expect.settled() end)) end)); print(#trace()) end))
  return UISceneConfiguration.new("Default Configuration", session.role)
end
function AppDelegate:applicationDidEnterBackground(application)
  local scene = nil
  NotificationCenter.default:addObserver("UIApplicationDidEnterBackgroundNotification", function(note) NotificationCenter.default:addObserver("UIApplicationDidEnterBackgroundNotification", function(note) print(#trace()) end) end)
  NotificationCenter.default:addObserver("UIApplicationDidFinishLaunchingNotification", function(note) print(pcall(function() print(type(-1)); NotificationCenter.default:addObserver("UIApplicationWillResignActiveNotification", function(note) print(pcall(function() expect.called("sceneDidDisconnect", { times = 3 }) end)) end) end)) end)
end
function ViewController:viewWillDisappear(animated)
  local scene = nil
  for i = 1, 4 do if reentry > 0 then reentry = reentry - 1; device.interrupt() end end
  if reentry > 0 then reentry = reentry - 1; device.run_background_task("task0") end
  expect.called("applicationDidReceiveMemoryWarning", { times = 0 })
end
function ViewController:viewDidAppear(animated)
  local scene = nil
end
function ViewController:viewWillAppear(animated)
  local scene = nil
  print(tostring(false))
  for i = 1, 1 do for i = 1, 1 do print(UIApplication.shared.applicationState) end end
end
function ViewController:viewDidLoad()
  local scene = nil
  if self.window then self.window:makeKeyAndVisible() end
  print(pcall(function() print(" ") end))
end
function ViewController:didReceiveMemoryWarning()
  local scene = nil
end
UIApplicationMain(CommandLine.argc, CommandLine.unsafeArgv, nil, NSStringFromClass(AppDelegate))
UIApplication.shared:registerForRemoteNotifications()
device.rotate("portrait")
expect.exception ".a  X"
print(pcall(function() device.memory_warning() end))
