-- tab-bar-and-custom-containers.lua: a tab bar controller shows its selected child; switching
-- tabs moves the appearance callbacks (Documentation/UIKit/containment.md#tab-bar-controller).
-- A custom container's children appear when their views enter its view, and a container that
-- forwards by hand drives them with beginAppearanceTransition:animated:/endAppearanceTransition
-- (containment.md#custom-containers, containment.md#appearance-misuse-messages).
--
--   lifescript run --trace Scripts/regression/tab-bar-and-custom-containers.lua

device.ios("18.3")
local AppDelegate = class("AppDelegate", UIResponder, { "UIApplicationDelegate" })
AppDelegate.properties = { "window" }
function AppDelegate:application_didFinishLaunchingWithOptions(application, options)
  local tabs = UITabBarController.new()
  tabs.viewControllers = { FeedViewController.new(), MapViewController.new() }
  self.window = UIWindow.new()
  self.window.rootViewController = tabs
  self.window:makeKeyAndVisible()
  return true
end
FeedViewController = class("FeedViewController", UIViewController)
MapViewController = class("MapViewController", UIViewController)

main(AppDelegate)
-- Only the selected (first) tab loads and appears, nested in its container's callbacks.
expect.order {
  "UITabBarController.viewWillAppear:",
  "FeedViewController.viewDidLoad",
  "FeedViewController.viewWillAppear:",
  "UITabBarController.viewDidAppear:",
  "FeedViewController.viewDidAppear:",
}
expect.never "MapViewController.viewDidLoad"
local tabs = UIApplication.shared.delegate.window.rootViewController
local feed, map = tabs.viewControllers[1], tabs.viewControllers[2]
assert(tabs.selectedViewController == feed and map.tabBarController == tabs)

-- Switching tabs: the pgzxc.github.io log's order, the new tab's will before the old one's.
tabs.selectedIndex = 1
expect.events {
  "MapViewController.loadView",
  "MapViewController.viewDidLoad",
  "MapViewController.viewWillAppear:",
  "FeedViewController.viewWillDisappear:",
  "FeedViewController.viewDidDisappear:",
  "MapViewController.viewDidAppear:",
}
tabs.selectedViewController = feed                        -- back: no second viewDidLoad
expect.events {
  "FeedViewController.viewWillAppear:",
  "MapViewController.viewWillDisappear:",
  "MapViewController.viewDidDisappear:",
  "FeedViewController.viewDidAppear:",
}
tabs.selectedIndex = 7                                     -- no such tab: nothing changes
assert(tabs.selectedViewController == feed)

-- A custom container: addChildViewController sends willMoveToParentViewController: first; the
-- child appears when its view enters the container's view; the container calls didMove.
CardViewController = class("CardViewController", UIViewController)
function CardViewController:willMoveToParentViewController(parent) end
function CardViewController:didMoveToParentViewController(parent) end
function CardViewController:viewIsAppearing(animated) end
local card = CardViewController.new()
feed:addChildViewController(card)
feed.view:addSubview(card.view)
card:didMoveToParentViewController(feed)
wait(0)
expect.events {
  "new CardViewController",
  "CardViewController.willMoveToParentViewController:",
  "CardViewController.loadView",
  "CardViewController.viewDidLoad",
  "CardViewController.viewWillAppear:",
  "CardViewController.viewIsAppearing:",                  -- the layout pass, iOS 13+
  "CardViewController.viewDidAppear:",
}
-- Removing it: willMove(nil) is the container's call; the view leaving disappears it;
-- removeFromParentViewController sends didMove(nil).
card:willMoveToParentViewController(nil)
card.view:removeFromSuperview()
card:removeFromParentViewController()
expect.events {                                           -- the scenario's calls are not traced
  "CardViewController.viewWillDisappear:",
  "CardViewController.viewDidDisappear:",
  "CardViewController.didMoveToParentViewController:",
}
assert(card.parent == nil and #feed.children == 0)

-- Calling an appearance method directly is a misuse UIKit logs (iOS 15+); the call still runs.
feed:viewWillAppear(false)
expect.log "Calling -viewWillAppear: directly on a view controller is not supported, and may result in out-of-order callbacks and other inconsistent behavior. Use the -beginAppearanceTransition:animated: and -endAppearanceTransition APIs on UIViewController to manually drive appearance callbacks instead. Make a symbolic breakpoint at UIViewControllerAlertForAppearanceCallbackMisuse to catch this in the debugger. View controller: <FeedViewController: 0x"
expect.order {}                                           -- acknowledges the lines so far

-- Forwarding by hand: beginAppearanceTransition/endAppearanceTransition send the callbacks; an
-- end without a begin is UIKit's "Unbalanced calls" line.
card:beginAppearanceTransition_animated(true, false)
card:endAppearanceTransition()
expect.events { "CardViewController.viewWillAppear:", "CardViewController.viewIsAppearing:", "CardViewController.viewDidAppear:" }
card:endAppearanceTransition()
expect.log "Unbalanced calls to begin/end appearance transitions for <CardViewController: 0x"

-- A controller cannot contain itself.
local ok, message = pcall(feed.addChildViewController, feed, tabs)
assert(not ok and message:find("cannot become a child of <FeedViewController: 0x", 1, true), message)
