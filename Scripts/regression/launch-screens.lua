-- launch-screens.lua: edge cases of the launch screen (reference §8): where its lines fall in
-- a legacy launch, launches that never reach a first frame, no launch-screen key, iOS releases
-- before the plist keys, UILaunchStoryboards, the cache, and the checks of the configuration.
--
--   lifescript run --trace Scripts/regression/launch-screens.lua

device.ios("18.3")                            -- no adoption log: the canonical legacy trace
local AppDelegate = class("AppDelegate", UIResponder, { "UIApplicationDelegate" })
AppDelegate.properties = { "window" }
function AppDelegate:application_didFinishLaunchingWithOptions(application, options) return true end
function AppDelegate:applicationDidBecomeActive(application) end
Storyboard("Main", { initialViewController = "UIViewController" })
Storyboard("LaunchScreen", { initialViewController = "UIViewController", launchScreen = true })

-- Legacy: the launch screen goes when the app is active and the root view has appeared (§1.2's
-- default), once work the launch queued on the main queue has run.
Info { UIMainStoryboardFile = "Main", UILaunchStoryboardName = "LaunchScreen" }
local queued
function AppDelegate:application_willFinishLaunchingWithOptions(application, options)
  DispatchQueue.main:async(function() queued = UIApplication.shared.applicationState end)
  return true
end
main(AppDelegate)
expect.events {
  "screen launch: LaunchScreen.storyboard",
  "new UIApplication", "new AppDelegate", "new UIViewController",
  "UIViewController.initWithCoder:", "UIViewController.awakeFromNib",
  "AppDelegate.window", "new UIWindow", "AppDelegate.setWindow:", "UIWindow.setRootViewController:",
  "AppDelegate.application:willFinishLaunchingWithOptions:",
  "AppDelegate.application:didFinishLaunchingWithOptions:",
  "UIViewController.loadView", "UIViewController.viewDidLoad", "UIViewController.viewWillAppear:",
  "AppDelegate.applicationDidBecomeActive:", "UIViewController.viewDidAppear:",
  "screen launch removed",
}
assert(queued == "active", "main-queue work from the launch ran before the first frame")
function AppDelegate:application_willFinishLaunchingWithOptions(application, options) return true end

-- Returning from the background is not a launch: no launch screen.
device.home()
device.activate()
expect.never "screen launch (cached snapshot): LaunchScreen.storyboard"
expect.never "screen launch removed"
expect.events { "applicationDidBecomeActive:" }

-- A launch that crashes never draws a frame: the launch screen is shown, never removed.
device.kill()
function AppDelegate:application_didFinishLaunchingWithOptions(application, options)
  return UIApplicationMain(nil, "AppDelegate")   -- §7.4: a second UIApplication
end
device.activate()
expect.exception "There can only be one UIApplication instance."
expect.never "screen launch removed"
expect.order { "screen launch (cached snapshot): LaunchScreen.storyboard", "new UIApplication" }

-- Nor does one the watchdog kills.
function AppDelegate:application_didFinishLaunchingWithOptions(application, options)
  busy(30)
  return true
end
device.activate()
expect.never "screen launch removed"
expect.order { "screen launch (cached snapshot): LaunchScreen.storyboard", "AppDelegate.application:didFinishLaunchingWithOptions:", "terminated Namespace SPRINGBOARD, Code 0x8badf00d: scene-create watchdog transgression: application<com.example.app>:1003 exhausted real (wall clock) time allowance of 20.00 seconds" }
function AppDelegate:application_didFinishLaunchingWithOptions(application, options) return true end

-- No launch-screen key: letterboxed at a legacy size (INFERRED). Adding a launch screen later
-- is not seen until the install's snapshot goes: apps that added a launch storyboard stayed
-- letterboxed until reinstalled.
device.reinstall()
Info { UIMainStoryboardFile = "Main" }
device.activate()
expect.order { "screen launch: none (letterboxed, legacy compatibility size)" }
device.kill()
Info { UIMainStoryboardFile = "Main", UILaunchStoryboardName = "LaunchScreen" }
device.activate()
expect.order { "screen launch (cached snapshot): none (letterboxed, legacy compatibility size)" }
device.reinstall()
device.activate()
expect.order { "screen launch: LaunchScreen.storyboard" }

-- iOS 13 knows only the storyboard keys; UILaunchScreen is iOS 14's.
device.reinstall()
device.ios("13")
Info { UIMainStoryboardFile = "Main", UILaunchScreen = {}, UILaunchStoryboardName = "LaunchScreen" }
device.activate()
expect.order { "screen launch: LaunchScreen.storyboard" }
device.reinstall()
device.ios("14")
device.activate()
expect.order { "screen launch: UILaunchScreen {}" }

-- UILaunchStoryboards: a launch from the home screen shows the default storyboard.
device.reinstall()
Storyboard("NewsLaunch", { initialViewController = "UINavigationController" })
Info {
  UIMainStoryboardFile = "Main",
  UILaunchStoryboards = {
    UILaunchStoryboardDefinitions = {
      { UILaunchStoryboardIdentifier = "main", UILaunchStoryboardFile = "LaunchScreen" },
      { UILaunchStoryboardIdentifier = "news", UILaunchStoryboardFile = "NewsLaunch" },
    },
    UIURLToLaunchStoryboardAssociations = { news = "news" },
    UIDefaultLaunchStoryboard = "main",
  },
}
device.activate()
expect.order { "screen launch: LaunchScreen.storyboard (UILaunchStoryboards main)" }

-- The cache can be cleared from the running app only; clearing it twice is harmless.
UIApplication.shared:clearLaunchScreenCache()
UIApplication.shared:clearLaunchScreenCache()
device.kill()
device.activate()
expect.order { "screen launch: LaunchScreen.storyboard (UILaunchStoryboards main)" }

-- Bad configuration is refused where it is declared, and changes nothing.
local ok, message = pcall(Info, { UILaunchScreen = {} })
assert(not ok and message:find("the app is running; its Info.plist can change only between launches", 1, true))
device.kill()
ok, message = pcall(Storyboard, "NewsLaunch", { initialViewController = "AppDelegate" })
assert(not ok and message:find("Launch screens may not set custom classnames: NewsLaunch.storyboard sets AppDelegate", 1, true))
ok, message = pcall(Info, { UILaunchScreen = { UIColorName = 7 } })
assert(not ok and message:find("UILaunchScreen.UIColorName must be a string, not an integer", 1, true))
-- A storyboard with the app's classes is fine as long as it is not a launch screen.
Storyboard("Other", { initialViewController = "AppDelegate" })
device.activate()
expect.order { "screen launch (cached snapshot): LaunchScreen.storyboard (UILaunchStoryboards main)" }
