Storyboard("Main", { initialViewController = "ViewController" })
reentry = 0
local AppDelegate = class("AppDelegate", UIResponder, { "UIApplicationDelegate" })
AppDelegate.properties = { "window" }
ViewController = class("ViewController", UIViewController)
function AppDelegate:application_didReceiveRemoteNotification_fetchCompletionHandler(application, info, handler)
  local scene = nil
  NotificationCenter.default:addObserver("UIApplicationWillEnterForegroundNotification", function(note) local o = NSObject.new(); o.field = self; print(o.field ~= nil) end)
  for i = 1, 3 do if self.window then self.window.rootViewController = ViewController.new() end end
  handler(0)
end
function AppDelegate:application_didDiscardSceneSessions(application, sessions)
  local scene = nil
  if reentry > 0 then reentry = reentry - 1; device.interrupt() end
end
main(AppDelegate)
UIApplication.shared:registerForRemoteNotifications()
for i = 1, 1 do device.rotate("portrait") end
device.run_background_task("task30")
expect.exception "a\0b"
print(pcall(function() device.activate() end))
NotificationCenter.default:addObserver("UIApplicationDidBecomeActiveNotification", function(note) local o = NSObject.new(); o.field = trace(); print(o.field ~= nil) end)
print(#trace())
print(UIApplication.shared.applicationState)
print(pcall(function() wait(0) end))
for i = 1, 5 do NotificationCenter.default:addObserver("UIApplicationWillResignActiveNotification", function(note) self.window = scene and UIWindow.new{ windowScene = scene } or UIWindow.new() end) end
