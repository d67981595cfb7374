-- player-controls.lua: a seeded bug for lifescript explore (Documentation/Reference/explore.md).
-- A video player hides its controls (a child view controller whose appearance it drives by
-- hand) when the device turns to landscape and shows them again in portrait. Only hiding ends
-- its appearance transition: the third turn begins one while another is open, and UIKit logs
-- "Unbalanced calls to begin/end appearance transitions".
--
--   lifescript explore Scripts/explore/player-controls.lua
--   # rotate to landscape, to portrait, to landscape: exit 1

Info { UISupportedInterfaceOrientations = { "UIInterfaceOrientationPortrait",
  "UIInterfaceOrientationLandscapeLeft", "UIInterfaceOrientationLandscapeRight" } }

ControlsViewController = class("ControlsViewController", UIViewController)

PlayerViewController = class("PlayerViewController", UIViewController)
PlayerViewController.properties = { "controls" }
function PlayerViewController:shouldAutomaticallyForwardAppearanceMethods() return false end
function PlayerViewController:viewDidLoad()
  self.controls = ControlsViewController.new()
  self:addChildViewController(self.controls)
  self.view:addSubview(self.controls.view)
  self.controls:didMoveToParentViewController(self)
end
function PlayerViewController:viewWillAppear(animated)
  self.controls:beginAppearanceTransition_animated(true, animated)
end
function PlayerViewController:viewDidAppear(animated)
  self.controls:endAppearanceTransition()
end
function PlayerViewController:viewWillTransitionToSize_withTransitionCoordinator(size, coordinator)
  local hiding = size.width > size.height
  self.controls:beginAppearanceTransition_animated(not hiding, true)
  coordinator:animateAlongsideTransition_completion(nil, function(context)
    -- The bug: only hiding ends its transition.
    if hiding then self.controls:endAppearanceTransition() end
  end)
end

local AppDelegate = class("AppDelegate", UIResponder, { "UIApplicationDelegate" })
AppDelegate.properties = { "window" }
function AppDelegate:application_didFinishLaunchingWithOptions(application, options)
  self.window = UIWindow.new()
  self.window.rootViewController = PlayerViewController.new()
  self.window:makeKeyAndVisible()
  return true
end

main(AppDelegate)
