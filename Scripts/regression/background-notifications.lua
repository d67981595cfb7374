-- background-notifications.lua: a silent push (a background notification) to an app without
-- scenes, as Documentation/UIKit/background-launches.md says (§19.1, §19.2, §19.5):
-- not running, it is launched into the background (will/didFinishLaunching read background,
-- the payload in the launch options, the storyboard window loaded but not shown), hears
-- applicationDidEnterBackground, then application:didReceiveRemoteNotification:fetchCompletionHandler:,
-- and is suspended once it calls the completion handler; suspended, it wakes for the delivery; in
-- front, it gets it at once. The first foreground after a background launch is
-- willEnterForeground + didBecomeActive, with the window's first appearance, and no second launch.
--
--   lifescript run --trace Scripts/regression/background-notifications.lua

device.ios("18.3")
Info {
  UIMainStoryboardFile = "Main",
  UIBackgroundModes = { "remote-notification" },
}
Storyboard("Main", { initialViewController = "ViewController" })

local seen = {}
local function note(name) seen[#seen + 1] = name .. " " .. UIApplication.shared.applicationState end
local function reads(expected)
  local actual = table.concat(seen, "\n")
  seen = {}
  assert(actual == table.concat(expected, "\n"),
    "\nexpected:\n" .. table.concat(expected, "\n") .. "\nactual:\n" .. actual)
end

local AppDelegate = class("AppDelegate", UIResponder, { "UIApplicationDelegate" })
AppDelegate.properties = { "window" }
local options, received, keep
function AppDelegate:application_willFinishLaunchingWithOptions(application, launchOptions)
  note("willFinishLaunching")
  return true
end
function AppDelegate:application_didFinishLaunchingWithOptions(application, launchOptions)
  application:registerForRemoteNotifications()   -- APNs has a token for it from now on
  note("didFinishLaunching")
  options = launchOptions
  return true
end
function AppDelegate:applicationDidBecomeActive(application) note("applicationDidBecomeActive") end
function AppDelegate:applicationWillResignActive(application) end
function AppDelegate:applicationDidEnterBackground(application) note("applicationDidEnterBackground") end
function AppDelegate:applicationWillEnterForeground(application) note("applicationWillEnterForeground") end
function AppDelegate:applicationWillTerminate(application) end
function AppDelegate:application_didReceiveRemoteNotification_fetchCompletionHandler(application, userInfo, completion)
  note("didReceiveRemoteNotification")
  received = userInfo
  if keep then keep = completion else completion("newData") end
end

ViewController = class("ViewController", UIViewController)
function ViewController:viewDidLoad() end
function ViewController:viewWillAppear(animated) end
function ViewController:viewDidAppear(animated) end

main(AppDelegate)
assert(UIApplication.shared.isRegisteredForRemoteNotifications)   -- APNs has its token
device.terminate_in_background()          -- the system ended it: not a force quit
seen = {}
expect.order {}                            -- moves the checkpoint

-- 1. Not running: a background launch (§19.1, §19.2 item 4).
device.push({ aps = { ["content-available"] = 1 }, id = 7 })
expect.never "applicationDidBecomeActive:"
expect.never "ViewController.viewDidLoad"       -- the window is loaded, not shown
expect.events {
  "new UIApplication",
  "new AppDelegate",
  "new ViewController",
  "ViewController.initWithCoder:",
  "ViewController.awakeFromNib",
  "AppDelegate.window",
  "new UIWindow",
  "AppDelegate.setWindow:",
  "UIWindow.setRootViewController:",
  "AppDelegate.application:willFinishLaunchingWithOptions:",
  "AppDelegate.application:didFinishLaunchingWithOptions:",
  "post UIApplicationDidFinishLaunchingNotification",
  "AppDelegate.applicationDidEnterBackground:",
  "post UIApplicationDidEnterBackgroundNotification",
  "AppDelegate.application:didReceiveRemoteNotification:fetchCompletionHandler:",
}
reads {
  "willFinishLaunching background",
  "didFinishLaunching background",
  "applicationDidEnterBackground background",
  "didReceiveRemoteNotification background",
}
assert(options.UIApplicationLaunchOptionsRemoteNotificationKey.id == 7)
assert(received.id == 7 and received.aps["content-available"] == 1)
assert(UIApplication.shared.delegate.window.isHidden)

-- 3. The first foreground (§19.5): no second launch; the window appears now.
device.activate()
expect.events {
  "AppDelegate.applicationWillEnterForeground:",
  "post UIApplicationWillEnterForegroundNotification",
  "ViewController.loadView",
  "ViewController.viewDidLoad",
  "ViewController.viewWillAppear:",
  "AppDelegate.applicationDidBecomeActive:",
  "post UIApplicationDidBecomeActiveNotification",
  "ViewController.viewDidAppear:",
}
reads { "applicationWillEnterForeground background", "applicationDidBecomeActive active" }

-- 2. In front: delivered at once, active. Suspended: woken in the background for it.
device.push({ id = 8 }, { content_available = true })
expect.events { "AppDelegate.application:didReceiveRemoteNotification:fetchCompletionHandler:" }
reads { "didReceiveRemoteNotification active" }
assert(received.id == 8 and received.aps["content-available"] == 1)
device.home()
seen = {}
expect.order {}                            -- moves the checkpoint
device.push({ aps = { ["content-available"] = 1 }, id = 9 })
expect.events {
  "AppDelegate.applicationDidEnterBackground:",
  "post UIApplicationDidEnterBackgroundNotification",
  "AppDelegate.application:didReceiveRemoteNotification:fetchCompletionHandler:",
}
reads { "applicationDidEnterBackground background", "didReceiveRemoteNotification background" }
device.kill()                              -- suspended again: no applicationWillTerminate
expect.never "applicationWillTerminate:"

-- A force quit: no background launch until the user opens the app (§19.2 item 7).
device.push({ aps = { ["content-available"] = 1 } })
expect.events { "device push (ignored: the user force-quit the app)" }
device.activate()
device.home()
expect.order {}                            -- moves the checkpoint
seen = {}

-- The completion handler: kept, the app runs; called, it is suspended (§19.2 items 3 and 6).
keep = true
device.push({ aps = { ["content-available"] = 1 } })
wait(20)
keep("newData")
device.kill()
expect.never "applicationWillTerminate:"
device.activate()
device.home()
keep = true
device.push({ aps = { ["content-available"] = 1 } })
wait(29)
device.kill()                              -- still running: it hears it terminates
expect.order { "applicationWillTerminate:" }
device.activate()
device.home()
keep = true
device.push({ aps = { ["content-available"] = 1 } })
wait(31)
expect.order { "application:didReceiveRemoteNotification:fetchCompletionHandler:", "terminated [lifescript: UIKit's exact text is not public] the app did not call the completion handler of application:didReceiveRemoteNotification:fetchCompletionHandler: within 30 seconds (see Documentation/UIKit/background-launches.md#background-notifications)" }
assert(UIApplication.shared == nil, "the process is gone")
