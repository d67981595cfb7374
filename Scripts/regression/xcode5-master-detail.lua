-- xcode5-master-detail.lua: Xcode 5's universal Master-Detail template (2013), with its two
-- storyboards in the format of the day: Main_iPhone (a navigation controller whose root is a
-- table view controller) and Main_iPad (a split view controller), chosen by
-- UIMainStoryboardFile and UIMainStoryboardFile~ipad. On lifescript's iPhone the plain key
-- wins; the push segue to the detail is not part of the launch, and runs when the user taps
-- a row (Documentation/Reference/storyboards.md#device-specific-keys).
--
--   lifescript run --trace Scripts/regression/xcode5-master-detail.lua

Info {
  CFBundleExecutable = "MasterDetail",
  UIMainStoryboardFile = "Main_iPhone",
  ["UIMainStoryboardFile~ipad"] = "Main_iPad",
}
Storyboard "fixtures/xcode5/Main_iPhone.storyboard"
Storyboard "fixtures/xcode5/Main_iPad.storyboard"

local AppDelegate = class("AppDelegate", UIResponder, { "UIApplicationDelegate" })
AppDelegate.properties = { "window" }
function AppDelegate:application_didFinishLaunchingWithOptions(application, launchOptions)
  return true
end

MasterViewController = class("MasterViewController", UITableViewController)
DetailViewController = class("DetailViewController", UIViewController)

main(AppDelegate)

expect.events {
  "screen launch: none (letterboxed, legacy compatibility size)",  -- launch images, not modelled
  "new UIApplication",
  "new AppDelegate",
  "new UINavigationController",
  "UINavigationController.initWithCoder:",
  "new MasterViewController",
  "MasterViewController.initWithCoder:",
  "UINavigationController.awakeFromNib",
  "MasterViewController.awakeFromNib",
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
  "MasterViewController.loadView",               -- the top controller appears in the first layout pass
  "MasterViewController.viewDidLoad",
  "MasterViewController.viewWillAppear:",
  "UINavigationController.viewDidAppear:",
  "MasterViewController.viewDidAppear:",
  "screen launch removed",
}
local master = UIApplication.shared.keyWindow.rootViewController.topViewController
assert(master:isKindOfClass(UITableViewController))

-- The iPad's storyboard, as app code on an iPad would load it: a split view controller with the
-- master and detail navigation controllers (relationship segues of 2013's names).
local split = UIStoryboard.new("Main_iPad"):instantiateInitialViewController()
assert(split:isKindOfClass(UISplitViewController))
assert(#split.viewControllers == 2)
assert(split.viewControllers[1].topViewController:isKindOfClass(MasterViewController))
assert(split.viewControllers[2].topViewController:isKindOfClass(DetailViewController))

-- The master's prototype cell owns Xcode 5's push segue: the user taps a row, the master
-- (which implements neither) is asked and prepares by UIKit's defaults, and the detail is
-- pushed (Documentation/UIKit/presentation.md#segues).
expect.order {}
device.tap_segue(master, "showDetail")
expect.events {
  "MasterViewController.shouldPerformSegueWithIdentifier:sender:",
  "new DetailViewController", "DetailViewController.initWithCoder:",
  "DetailViewController.awakeFromNib",
  "MasterViewController.prepareForSegue:sender:",
  "DetailViewController.loadView", "DetailViewController.viewDidLoad",
  "MasterViewController.viewWillDisappear:", "DetailViewController.viewWillAppear:",
  "MasterViewController.viewDidDisappear:", "DetailViewController.viewDidAppear:",
}
assert(master.navigationController.topViewController:isKindOfClass(DetailViewController))
