-- navigation-controllers.lua: a navigation controller forwards the appearance callbacks to its
-- top view controller; push and pop move them between the outgoing and incoming controllers
-- (Documentation/UIKit/containment.md#navigation-controller, from real device logs and crash
-- stacks); the layout callbacks come between viewWillAppear: and viewDidAppear:
-- (Documentation/UIKit/layout.md#layout-callbacks-at-launch-and-on-appearance).
--
--   lifescript run --trace Scripts/regression/navigation-controllers.lua

Info { UIMainStoryboardFile = "Main" }
Storyboard("Main", {
  initialViewController = { class = "UINavigationController", children = { "FirstViewController" } },
})

local AppDelegate = class("AppDelegate", UIResponder, { "UIApplicationDelegate" })
AppDelegate.properties = { "window" }
function AppDelegate:application_didFinishLaunchingWithOptions(application, options)
  NotificationCenter.default:addObserver("UIApplicationDidBecomeActiveNotification", function()
    if pushTwice then
      local navigation = self.window.rootViewController
      navigation:pushViewController_animated(navigation.topViewController, true)
    end
  end)
  return true
end

FirstViewController = class("FirstViewController", UIViewController)
function FirstViewController:viewWillLayoutSubviews() end
function FirstViewController:viewDidLayoutSubviews() end
function FirstViewController:didReceiveMemoryWarning() end
DetailViewController = class("DetailViewController", UIViewController)
function DetailViewController:viewWillLayoutSubviews() end
function DetailViewController:viewDidLayoutSubviews() end
function DetailViewController:didMoveToParentViewController(parent) self.movedTo = parent end

main(AppDelegate)
-- The root's view loads in the navigation controller's first layout pass, after its
-- viewWillAppear: (containment.md, §15.1 point 3), which comes after activation here.
expect.events {
  "UINavigationController.initWithCoder:",
  "FirstViewController.initWithCoder:",
  "UINavigationController.awakeFromNib",
  "FirstViewController.awakeFromNib",
  "AppDelegate.window",
  "AppDelegate.setWindow:",
  "UIWindow.setRootViewController:",
  "AppDelegate.application:didFinishLaunchingWithOptions:",
  "post UIApplicationDidFinishLaunchingNotification",
  "UINavigationController.loadView",
  "UINavigationController.viewDidLoad",
  "UINavigationController.viewWillAppear:",
  "post UIApplicationDidBecomeActiveNotification",
  "FirstViewController.loadView",
  "FirstViewController.viewDidLoad",
  "FirstViewController.viewWillAppear:",
  "FirstViewController.viewWillLayoutSubviews",
  "FirstViewController.viewDidLayoutSubviews",
  "UINavigationController.viewDidAppear:",
  "FirstViewController.viewDidAppear:",
}
local navigation = UIApplication.shared.delegate.window.rootViewController
local first = navigation.topViewController
assert(first.isViewLoaded and first.navigationController == navigation)

-- Memory warnings reach the root of the stack.
device.memory_warning()
expect.order { "FirstViewController.didReceiveMemoryWarning" }

-- Push, unanimated: the readke.com log's order.
local detail = DetailViewController.new()
navigation:pushViewController_animated(detail, false)
expect.events {
  "new DetailViewController",
  "DetailViewController.loadView",
  "DetailViewController.viewDidLoad",
  "FirstViewController.viewWillDisappear:",
  "DetailViewController.viewWillAppear:",
  "DetailViewController.viewWillLayoutSubviews",
  "DetailViewController.viewDidLayoutSubviews",
  "FirstViewController.viewDidDisappear:",
  "DetailViewController.viewDidAppear:",
  "DetailViewController.didMoveToParentViewController:",
}
assert(detail.movedTo == navigation and #navigation.viewControllers == 2)
assert(detail.navigationController == navigation and navigation.topViewController == detail)

-- Pop, animated: the will callbacks now, the did callbacks when the animation ends, on a later
-- turn of the main run loop (containment.md#navigation-controller).
DispatchQueue.main:async(function()
  assert(navigation:popViewControllerAnimated(true) == detail)
  assert(#navigation.viewControllers == 1 and detail.parent == nil)
end)
wait(0)
expect.events {
  "DetailViewController.viewWillDisappear:",
  "FirstViewController.viewWillAppear:",
  "FirstViewController.viewWillLayoutSubviews",
  "FirstViewController.viewDidLayoutSubviews",
  "DetailViewController.viewDidDisappear:",
  "FirstViewController.viewDidAppear:",
  "DetailViewController.didMoveToParentViewController:",
}
assert(detail.movedTo == nil)

-- The same calls from inside a coroutine: a push, a yield, a pop.
local third = DetailViewController.new()
local step = coroutine.wrap(function()
  navigation:pushViewController_animated(third, false)
  coroutine.yield(navigation.topViewController)
  return navigation:popViewControllerAnimated(false)
end)
assert(step() == third)
expect.order { "FirstViewController.viewDidDisappear:", "DetailViewController.viewDidAppear:" }
assert(step() == third and navigation.topViewController == first)
expect.order { "DetailViewController.viewDidDisappear:", "FirstViewController.viewDidAppear:" }

-- Pushing a controller that is already in the stack is UIKit's exception: a script error when
-- the scenario pushes, an uncaught exception that ends the app when the app does.
local ok, message = pcall(navigation.pushViewController_animated, navigation, first, false)
assert(not ok and message:find(
  "is pushing the same view controller instance (<FirstViewController: 0x", 1, true), message)
pushTwice = true
device.interrupt()
device.end_interruption()
expect.exception "more than once which is not supported and is most likely an error in the application : com.example.app"
assert(UIApplication.shared == nil)                       -- the process ended
