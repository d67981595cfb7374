-- rotation-and-traits.lua: the safe area at a view's first appearance and the order of a
-- rotation (Documentation/UIKit/layout.md, §17.3 to §17.6): the kruil device log's
-- margins-then-safe-area calls and its two layout passes, the transition methods before them
-- (AsyncDisplayKit's observations, Apple's pages), traits updated before layout (WWDC 2023),
-- only the navigation stack's top child (openradar 24277475), orientations the app does not
-- support (the iOS 6 release notes), no upside down on a phone without a Home button, and a
-- rotation in the background caught up before applicationWillEnterForeground (level49.com).
--
--   lifescript run --trace Scripts/regression/rotation-and-traits.lua

device.ios("18.3")
Info {
  UIMainStoryboardFile = "Main",
  UILaunchStoryboardName = "LaunchScreen",
  UISupportedInterfaceOrientations = {
    "UIInterfaceOrientationPortrait", "UIInterfaceOrientationLandscapeLeft",
    "UIInterfaceOrientationLandscapeRight",
  },
}
Storyboard("LaunchScreen", { initialViewController = "UIViewController", launchScreen = true })
Storyboard("Main", {
  initialViewController = { class = "MainNavigationController", children = { "ListViewController" } },
})

local AppDelegate = class("AppDelegate", UIResponder, { "UIApplicationDelegate" })
AppDelegate.properties = { "window" }
function AppDelegate:application_didFinishLaunchingWithOptions(application, options) return true end

-- A container decides for itself: it does not ask its children (the iOS 6 release notes).
MainNavigationController = class("MainNavigationController", UINavigationController)
function MainNavigationController:supportedInterfaceOrientations()
  if portraitOnly then return "portrait" end
  return UINavigationController.supportedInterfaceOrientations(self)
end

local steps = {}
ListViewController = class("ListViewController", UIViewController)
function ListViewController:viewWillAppear(animated) end
function ListViewController:viewLayoutMarginsDidChange() end
function ListViewController:viewSafeAreaInsetsDidChange()
  local insets = self.view.safeAreaInsets
  steps[#steps + 1] = string.format("insets %g %g %g %g", insets.top, insets.left, insets.bottom, insets.right)
end
function ListViewController:viewWillLayoutSubviews() end
function ListViewController:viewDidLayoutSubviews() end
function ListViewController:traitCollectionDidChange(previous)
  steps[#steps + 1] = previous.verticalSizeClass .. " -> " .. self.traitCollection.verticalSizeClass
end
function ListViewController:willTransitionToTraitCollection_withTransitionCoordinator(traits, coordinator)
  UIViewController.willTransitionToTraitCollection_withTransitionCoordinator(self, traits, coordinator)
end
function ListViewController:viewWillTransitionToSize_withTransitionCoordinator(size, coordinator)
  UIViewController.viewWillTransitionToSize_withTransitionCoordinator(self, size, coordinator)
  steps[#steps + 1] = string.format("size %g x %g", size.width, size.height)
  coordinator:animateAlongsideTransition_completion(
    function(context) steps[#steps + 1] = "animation" end,
    function(context) steps[#steps + 1] = "completion" end)
end
DetailViewController = class("DetailViewController", UIViewController)
function DetailViewController:viewWillTransitionToSize_withTransitionCoordinator(size, coordinator) end
function DetailViewController:viewSafeAreaInsetsDidChange() end

main(AppDelegate)
-- §17.3: the safe area comes once the view is in the window, after viewWillAppear: (kruil).
expect.order {
  "ListViewController.viewWillAppear:",
  "ListViewController.viewLayoutMarginsDidChange",
  "ListViewController.viewSafeAreaInsetsDidChange",
  "ListViewController.viewWillLayoutSubviews",
  "ListViewController.viewDidLayoutSubviews",
}
assert(steps[1] == "insets 47 0 34 0", steps[1])
assert(UIScreen.main.bounds.width == 390 and UIScreen.main.bounds.height == 844)
local navigation = UIApplication.shared.delegate.window.rootViewController
local list = navigation.topViewController
assert(list.traitCollection.verticalSizeClass == "regular")
assert(list.traitCollection.horizontalSizeClass == "compact")

-- A controller below the top of the stack hears nothing of a rotation (openradar 24277475).
local detail = DetailViewController.new()
navigation:pushViewController_animated(detail, false)
navigation:popViewControllerAnimated(false)
assert(navigation.topViewController == list)
expect.order {}

-- Portrait to landscape: the vertical size class changes (§17.5).
steps = {}
device.rotate("landscapeLeft")
expect.events {
  "MainNavigationController.supportedInterfaceOrientations",
  "ListViewController.willTransitionToTraitCollection:withTransitionCoordinator:",
  "ListViewController.viewWillTransitionToSize:withTransitionCoordinator:",
  "ListViewController.viewLayoutMarginsDidChange",
  "ListViewController.viewSafeAreaInsetsDidChange",
  "ListViewController.traitCollectionDidChange:",
  "ListViewController.viewWillLayoutSubviews",
  "ListViewController.viewDidLayoutSubviews",
  "ListViewController.viewWillLayoutSubviews",
  "ListViewController.viewDidLayoutSubviews",
}
local expected = { "size 844 x 390", "animation", "insets 0 47 21 47", "regular -> compact", "completion" }
for index, step in ipairs(expected) do assert(steps[index] == step, tostring(steps[index])) end
assert(UIDevice.current.orientation == "landscapeLeft")
assert(UIApplication.shared.statusBarOrientation == "landscapeRight")
assert(UIScreen.main.bounds.width == 844)

-- The same orientation again, and upside down, change nothing.
device.rotate("landscapeLeft")
expect.order { "device rotate landscapeLeft (ignored: the device is already in landscapeLeft)" }
device.rotate("portraitUpsideDown")
expect.order { "device rotate portraitUpsideDown (ignored: an iPhone without a Home button has no upside-down interface orientation)" }
assert(UIApplication.shared.statusBarOrientation == "landscapeRight")

-- Landscape to landscape: the size stays, no size class changes, so no trait calls.
device.rotate("landscapeRight")
expect.events {
  "MainNavigationController.supportedInterfaceOrientations",
  "ListViewController.viewWillTransitionToSize:withTransitionCoordinator:",
  "ListViewController.viewWillLayoutSubviews",
  "ListViewController.viewDidLayoutSubviews",
  "ListViewController.viewWillLayoutSubviews",
  "ListViewController.viewDidLayoutSubviews",
}

-- additionalSafeAreaInsets: the safe area now, a layout pass once the callback returns.
list.additionalSafeAreaInsets = { top = 10 }
expect.events {
  "ListViewController.viewLayoutMarginsDidChange",
  "ListViewController.viewSafeAreaInsetsDidChange",
  "ListViewController.viewWillLayoutSubviews",
  "ListViewController.viewDidLayoutSubviews",
}
assert(list.view.safeAreaInsets.top == 10 and list.view.safeAreaInsets.left == 47)
list.additionalSafeAreaInsets = { top = 0 }

-- In the background the interface waits; it turns before applicationWillEnterForeground:
-- (level49.com's log).
function AppDelegate:applicationWillEnterForeground(application) end
device.home()
device.rotate("portrait")
expect.order { "device rotate portrait (ignored: the app is in the background; its interface follows the device when it returns to the foreground)" }
device.activate()
expect.order {
  "ListViewController.willTransitionToTraitCollection:withTransitionCoordinator:",
  "ListViewController.viewWillTransitionToSize:withTransitionCoordinator:",
  "ListViewController.traitCollectionDidChange:",
  "AppDelegate.applicationWillEnterForeground:",
}
assert(UIScreen.main.bounds.width == 390)

-- A root that supports portrait only.
portraitOnly = true
device.rotate("landscapeLeft")
expect.order {
  "MainNavigationController.supportedInterfaceOrientations",
  "device rotate landscapeLeft (ignored: landscapeRight is not a supported interface orientation (MainNavigationController: portrait; the app: portrait, landscapeLeft, landscapeRight))",
}
assert(UIApplication.shared.statusBarOrientation == "portrait")

-- Not running: the device turns, and the next launch starts in landscape with no transition.
device.kill()
portraitOnly = false
device.rotate("landscapeRight")
expect.order { "device rotate landscapeRight (ignored: the app is not running)" }
device.activate()
expect.never "ListViewController.viewWillTransitionToSize:withTransitionCoordinator:"
assert(UIScreen.main.bounds.width == 844)
assert(UIApplication.shared.delegate.window.rootViewController.topViewController.traitCollection.verticalSizeClass == "compact")
