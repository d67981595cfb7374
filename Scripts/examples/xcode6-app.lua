-- xcode6-app.lua: an app as Xcode 6 made it in 2014: Xcode's Tabbed Application template, with
-- a storyboard in the format of its day (systemVersion, layout guides, no customModule on the
-- Objective-C class, customModule without customModuleProvider on the Swift one) and a launch
-- screen .xib. The Info.plist names the xib as UILaunchStoryboardName, as Xcode 6 wrote it, and
-- has iPad-only keys, which an iPhone ignores
-- (Documentation/Reference/storyboards.md#launch-screen-xib-files).
--
--   lifescript run --trace Scripts/examples/xcode6-app.lua

Info {
  CFBundleExecutable = "Notes",
  UIMainStoryboardFile = "Main",
  ["UIMainStoryboardFile~ipad"] = "Main_iPad",            -- not on an iPhone
  UILaunchStoryboardName = "LaunchScreen",                -- LaunchScreen.xib
  ["UILaunchStoryboardName~ipad"] = "LaunchScreen_iPad",  -- not on an iPhone
}
Storyboard "fixtures/xcode6/Main.storyboard"
Storyboard "fixtures/xcode6/LaunchScreen.xib"    -- registers the name LaunchScreen

local AppDelegate = class("AppDelegate", UIResponder, { "UIApplicationDelegate" })
AppDelegate.properties = { "window" }
function AppDelegate:application_didFinishLaunchingWithOptions(application, launchOptions)
  return true
end

FirstViewController = class("FirstViewController", UIViewController)
SecondViewController = class("SecondViewController", UIViewController)  -- Notes.SecondViewController

main(AppDelegate)

expect.events {
  "screen launch: LaunchScreen.xib",
  "new UIApplication",
  "new AppDelegate",
  "new UITabBarController",
  "UITabBarController.initWithCoder:",
  "new FirstViewController",
  "FirstViewController.initWithCoder:",
  "new SecondViewController",
  "SecondViewController.initWithCoder:",
  "UITabBarController.awakeFromNib",
  "FirstViewController.awakeFromNib",
  "SecondViewController.awakeFromNib",
  "AppDelegate.window",
  "new UIWindow",
  "AppDelegate.setWindow:",
  "UIWindow.setRootViewController:",
  "AppDelegate.application:didFinishLaunchingWithOptions:",
  "post UIApplicationDidFinishLaunchingNotification",
  "UITabBarController.loadView",
  "UITabBarController.viewDidLoad",
  "UITabBarController.viewWillAppear:",
  "FirstViewController.loadView",               -- the selected tab appears with its container
  "FirstViewController.viewDidLoad",
  "FirstViewController.viewWillAppear:",
  "post UIApplicationDidBecomeActiveNotification",
  "UITabBarController.viewDidAppear:",
  "FirstViewController.viewDidAppear:",
  "screen launch removed",
}
