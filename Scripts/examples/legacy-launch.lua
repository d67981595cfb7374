-- legacy-launch.lua: an app-delegate app without a storyboard, from launch to the home screen,
-- back, and swiped away (reference §2, §14 B, E, F, G: Documentation/UIKit/legacy-launch.md
-- and Documentation/UIKit/canonical-traces.md).
--
--   lifescript run --trace Scripts/examples/legacy-launch.lua

local AppDelegate = class("AppDelegate", UIResponder, { "UIApplicationDelegate" })
AppDelegate.properties = { "window" }

function AppDelegate:application_didFinishLaunchingWithOptions(application, launchOptions)
  -- §2 step 5: the app makes its window; UIKit shows it after this method returns.
  self.window = UIWindow.new()
  self.window.rootViewController = ViewController.new()
  self.window:makeKeyAndVisible()
  return true
end

function AppDelegate:applicationDidBecomeActive(application) end
function AppDelegate:applicationWillResignActive(application) end
function AppDelegate:applicationDidEnterBackground(application) end
function AppDelegate:applicationWillEnterForeground(application) end
function AppDelegate:applicationWillTerminate(application) end

ViewController = class("ViewController", UIViewController)

function ViewController:viewDidLoad()
  UIViewController.viewDidLoad(self)   -- calling the superclass's implementation
  self.loaded = true
end

-- @main: UIApplicationMain with no principal class and this delegate.
main(AppDelegate)

expect.events {
  "new UIApplication",
  "new AppDelegate",
  "AppDelegate.application:didFinishLaunchingWithOptions:",
  "new UIWindow",
  "new ViewController",
  "ViewController.loadView",
  "ViewController.viewDidLoad",            -- inside makeKeyAndVisible (§2 step 5)
  "post UIApplicationDidFinishLaunchingNotification",
  "ViewController.viewWillAppear:",
  "AppDelegate.applicationDidBecomeActive:", -- §1.2: between viewWillAppear and viewDidAppear
  "post UIApplicationDidBecomeActiveNotification",
  "ViewController.viewDidAppear:",
}
assert(UIApplication.shared.applicationState == "active")
assert(UIApplication.shared.delegate.window.rootViewController.loaded)

device.home()                              -- §14 E: no view controller calls
expect.events {
  "applicationWillResignActive:",
  "applicationDidEnterBackground:",
}
expect.never "viewWillDisappear:"
assert(UIApplication.shared.applicationState == "background")

wait(30)
device.activate()                          -- §14 F
expect.order { "applicationWillEnterForeground:", "applicationDidBecomeActive:" }

device.interrupt()                         -- an incoming call: resign active only
device.end_interruption()
expect.events { "applicationWillResignActive:", "applicationDidBecomeActive:" }

device.home()
device.kill()                              -- §14 G: a suspended legacy app hears nothing
expect.events { "applicationWillResignActive:", "applicationDidEnterBackground:" }
expect.never "applicationWillTerminate:"
assert(UIApplication.shared == nil)

device.activate()                          -- a fresh launch through the remembered entry point
expect.order { "new UIApplication", "new AppDelegate", "application_didFinishLaunchingWithOptions" }
