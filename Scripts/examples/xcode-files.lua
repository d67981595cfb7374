-- xcode-files.lua: an app configured by a real Info.plist, Main.storyboard and
-- LaunchScreen.storyboard from an Xcode project (files in fixtures/, read with expat). The main
-- storyboard's entry point is a navigation controller whose root is ViewController
-- (customClass, customModule "Demo"); the launch storyboard is Xcode's template.
--
--   lifescript run --trace Scripts/examples/xcode-files.lua

Info "fixtures/Info.plist"
Storyboard "fixtures/Main.storyboard"
Storyboard "fixtures/LaunchScreen.storyboard"        -- the Info.plist's UILaunchStoryboardName

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
  "screen launch: LaunchScreen.storyboard",  -- the system's, before main (reference §8)
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
  "ViewController.loadView",               -- the top controller appears in the first layout pass
  "ViewController.viewDidLoad",
  "ViewController.viewWillAppear:",
  "UINavigationController.viewDidAppear:",
  "ViewController.viewDidAppear:",
  "screen launch removed",                   -- the app's first frame is on screen
}
local navigation = UIApplication.shared.keyWindow.rootViewController
assert(navigation:isKindOfClass(UINavigationController))
assert(navigation.topViewController.fromStoryboard)
