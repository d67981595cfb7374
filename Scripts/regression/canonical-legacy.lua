-- canonical-legacy.lua: the canonical legacy traces of Documentation/UIKit/canonical-traces.md,
-- A (storyboard launch), B (no storyboard), E (background), F (foreground again), with the
-- reference's defaults for its CONFLICTING points.
--
--   lifescript run --trace Scripts/regression/canonical-legacy.lua

local AppDelegate = class("AppDelegate", UIResponder, { "UIApplicationDelegate" })
AppDelegate.properties = { "window" }
for _, name in ipairs {
  "application_willFinishLaunchingWithOptions", "application_didFinishLaunchingWithOptions",
} do
  AppDelegate[name] = function(self, application, options) return true end
end
for _, name in ipairs {
  "applicationDidBecomeActive", "applicationWillResignActive", "applicationDidEnterBackground",
  "applicationWillEnterForeground", "applicationWillTerminate",
} do
  AppDelegate[name] = function(self, application) end
end
local ViewController = class("ViewController", UIViewController)

-- A. Legacy + storyboard, cold launch.
Info { UIMainStoryboardFile = "Main" }
Storyboard("Main", { initialViewController = "ViewController" })
main(AppDelegate)
expect.events {
  "new UIApplication",                                        -- 1
  "new AppDelegate",                                          -- 2
  "new ViewController", "ViewController.initWithCoder:",      -- 4: storyboard, VC first
  "ViewController.awakeFromNib",
  "AppDelegate.window", "new UIWindow", "AppDelegate.setWindow:",
  "UIWindow.setRootViewController:",
  "AppDelegate.application:willFinishLaunchingWithOptions:",  -- 5
  "AppDelegate.application:didFinishLaunchingWithOptions:",   -- 7
  "post UIApplicationDidFinishLaunchingNotification",         -- 8
  "ViewController.loadView",                                  -- 9, 10: makeKeyAndVisible by UIKit
  "ViewController.viewDidLoad",                               -- 11
  "ViewController.viewWillAppear:",                           -- 12
  "AppDelegate.applicationDidBecomeActive:",                  -- 13
  "post UIApplicationDidBecomeActiveNotification",
  "ViewController.viewDidAppear:",
}

-- E. Background (legacy).
device.home()
expect.events {
  "AppDelegate.applicationWillResignActive:", "post UIApplicationWillResignActiveNotification",
  "AppDelegate.applicationDidEnterBackground:", "post UIApplicationDidEnterBackgroundNotification",
}
expect.never "viewWillDisappear:"

-- F. Foreground again (legacy).
device.activate()
expect.events {
  "AppDelegate.applicationWillEnterForeground:", "post UIApplicationWillEnterForegroundNotification",
  "AppDelegate.applicationDidBecomeActive:", "post UIApplicationDidBecomeActiveNotification",
}
expect.never "viewWillAppear:"

-- B. Legacy, no storyboard: the app makes the window in didFinishLaunching.
device.kill()
expect.events { "AppDelegate.applicationWillResignActive:", "AppDelegate.applicationWillTerminate:" }
Info { }
function AppDelegate:application_didFinishLaunchingWithOptions(application, options)
  self.window = UIWindow.new()
  self.window.rootViewController = ViewController.new()
  self.window:makeKeyAndVisible()
  return true
end
device.activate()
expect.events {
  "new UIApplication",                                        -- 1
  "new AppDelegate",                                          -- 2
  "AppDelegate.application:willFinishLaunchingWithOptions:",  -- 3
  "AppDelegate.application:didFinishLaunchingWithOptions:",   -- 4
  "new UIWindow", "new ViewController",
  "ViewController.loadView", "ViewController.viewDidLoad",    -- inside makeKeyAndVisible
  "post UIApplicationDidFinishLaunchingNotification",         -- 5
  "ViewController.viewWillAppear:",
  "AppDelegate.applicationDidBecomeActive:",                  -- 6
  "post UIApplicationDidBecomeActiveNotification",            -- 7
  "ViewController.viewDidAppear:",                            -- 8
}
