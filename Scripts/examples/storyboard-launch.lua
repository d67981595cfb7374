-- storyboard-launch.lua: seed 002. UIApplicationMain with a main storyboard, and the instances it
-- creates: the shared application, the app delegate, the initial view controller and the window
-- (reference §1.1, §14 A).
--
--   lifescript run --trace Scripts/examples/storyboard-launch.lua

Info {
  CFBundleExecutable = "Demo",
  UIMainStoryboardFile = "Main",
}
Storyboard("Main", { initialViewController = "ViewController" })

local AppDelegate = class("AppDelegate", UIResponder, { "UIApplicationDelegate" })
AppDelegate.properties = { "window" }   -- storyboard apps need it (§1.1 step 4)

function AppDelegate:application_willFinishLaunchingWithOptions(application, launchOptions)
  -- The window and its root view controller exist already (§1.1 steps 3 to 5).
  assert(self.window.rootViewController:isKindOfClass(ViewController))
  return true
end

function AppDelegate:application_didFinishLaunchingWithOptions(application, launchOptions)
  return true
end

function AppDelegate:applicationDidBecomeActive(application) end

ViewController = class("ViewController", UIViewController)

-- main.swift: UIApplicationMain(Process.argc, Process.unsafeArgv, nil, NSStringFromClass(AppDelegate))
UIApplicationMain(CommandLine.argc, CommandLine.unsafeArgv, nil, NSStringFromClass(AppDelegate))

expect.events {
  "new UIApplication",                        -- first instance: UIApplication.shared
  "new AppDelegate",                          -- second: its delegate
  "new ViewController",                       -- third: the initial view controller
  "ViewController.initWithCoder:",
  "ViewController.awakeFromNib",
  "AppDelegate.window",                       -- UIKit asks the delegate for its window...
  "new UIWindow",                             -- fourth: ...and, finding none, makes one
  "AppDelegate.setWindow:",
  "UIWindow.setRootViewController:",
  "AppDelegate.application:willFinishLaunchingWithOptions:",
  "AppDelegate.application:didFinishLaunchingWithOptions:",
  "post UIApplicationDidFinishLaunchingNotification",
  "ViewController.loadView",                  -- makeKeyAndVisible by UIKit: the view loads
  "ViewController.viewDidLoad",
  "ViewController.viewWillAppear:",
  "AppDelegate.applicationDidBecomeActive:",
  "post UIApplicationDidBecomeActiveNotification",
  "ViewController.viewDidAppear:",
}
local window = UIApplication.shared.delegate.window
assert(window.isKeyWindow and not window.isHidden)
assert(UIApplication.shared.keyWindow == window)
