-- xcode-files.lua: an app configured by a real Info.plist and Main.storyboard from an Xcode
-- project (files in fixtures/, read with expat). The storyboard's entry point is a navigation
-- controller whose root is ViewController (customClass, customModule "Demo").
--
--   lifescript run --trace Scripts/examples/xcode-files.lua

Info "fixtures/Info.plist"
Storyboard "fixtures/Main.storyboard"

local AppDelegate = class("AppDelegate", UIResponder, { "UIApplicationDelegate" })
AppDelegate.properties = { "window" }
function AppDelegate:application_didFinishLaunchingWithOptions(application, launchOptions)
  return true
end

ViewController = class("ViewController", UIViewController)
function ViewController:awakeFromNib()
  self.fromStoryboard = true
end

-- @main
main(AppDelegate)

expect.events {
  "new UIApplication",
  "new AppDelegate",
  "new UINavigationController",            -- the entry point...
  "UINavigationController.initWithCoder:",
  "new ViewController",                    -- ...and its root, through the relationship segue
  "ViewController.initWithCoder:",
  "UINavigationController.awakeFromNib",
  "ViewController.awakeFromNib",
  "AppDelegate.window",
  "new UIWindow",
  "AppDelegate.setWindow:",
  "UIWindow.setRootViewController:",
  "AppDelegate.application:didFinishLaunchingWithOptions:",
  "post UIApplicationDidFinishLaunchingNotification",
  "UINavigationController.loadView",
  "UINavigationController.viewDidLoad",
  "UINavigationController.viewWillAppear:",
  "post UIApplicationDidBecomeActiveNotification",
  "UINavigationController.viewDidAppear:",
}
local navigation = UIApplication.shared.keyWindow.rootViewController
assert(navigation:isKindOfClass(UINavigationController))
assert(navigation.topViewController.fromStoryboard)
