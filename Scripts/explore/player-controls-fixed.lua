-- player-controls-fixed.lua: player-controls.lua with its bug fixed
-- (Documentation/Reference/explore.md): every transition the player begins, it ends. Its
-- controls are shown exactly when the device is upright, so the state key says nothing more.
--
--   lifescript explore Scripts/explore/player-controls-fixed.lua   # exit 0

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
    self.controls:endAppearanceTransition()
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

explore.state(function() return 0 end)
main(AppDelegate)
