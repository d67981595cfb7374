-- memory-warnings.lua: low-memory warnings (reference §9.3): the app delegate, every active view
-- controller, then the notification; in any running state, during launch too; never to a
-- suspended app. With scenes the app delegate still hears it.
--
--   lifescript run --trace Scripts/regression/memory-warnings.lua

device.ios("18.3")
local AppDelegate = class("AppDelegate", UIResponder, { "UIApplicationDelegate" })
local duringLaunch = true
function AppDelegate:application_didFinishLaunchingWithOptions(application, options)
  self.window = UIWindow.new()
  self.window.rootViewController = ViewController.new()
  self.window:makeKeyAndVisible()
  if duringLaunch then device.memory_warning() end     -- a warning in the middle of launch
  return true
end
function AppDelegate:applicationDidReceiveMemoryWarning(application) end
ViewController = class("ViewController", UIViewController)
function ViewController:didReceiveMemoryWarning()
  UIViewController.didReceiveMemoryWarning(self)        -- "Overrides must call super"
  self.warned = (self.warned or 0) + 1
end

main(AppDelegate)
expect.order {
  "AppDelegate.application:didFinishLaunchingWithOptions:",
  "AppDelegate.applicationDidReceiveMemoryWarning:",
  "ViewController.didReceiveMemoryWarning",
  "post UIApplicationDidReceiveMemoryWarningNotification",
  "post UIApplicationDidFinishLaunchingNotification",     -- still inside the launch
}

device.memory_warning()
expect.events {
  "AppDelegate.applicationDidReceiveMemoryWarning:",
  "ViewController.didReceiveMemoryWarning",
  "post UIApplicationDidReceiveMemoryWarningNotification",
}

device.home()                                              -- suspended: nothing runs
device.memory_warning()
expect.never "didReceiveMemoryWarning"
device.kill()

-- With scenes the app delegate is still told (§9.3: not among the methods scenes replace).
Info { UIApplicationSceneManifest = { } }
duringLaunch = false
main(AppDelegate)
device.memory_warning()
expect.order { "AppDelegate.applicationDidReceiveMemoryWarning:", "post UIApplicationDidReceiveMemoryWarningNotification" }
