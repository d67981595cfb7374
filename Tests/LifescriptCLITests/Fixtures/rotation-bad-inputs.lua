-- Each bad input to rotation, the safe area and trait registrations is a clear error at its line.
device.ios("18.3")
local AppDelegate = class("AppDelegate", UIResponder, { "UIApplicationDelegate" })
AppDelegate.properties = { "window" }
function AppDelegate:application_didFinishLaunchingWithOptions(application, options)
  self.window = UIWindow.new()
  self.window.rootViewController = ViewController.new()
  self.window:makeKeyAndVisible()
  return true
end
ViewController = class("ViewController", UIViewController)
function ViewController:supportedInterfaceOrientations() return mask end
function ViewController:viewWillTransitionToSize_withTransitionCoordinator(size, coordinator)
  local ok, message = pcall(coordinator.animateAlongsideTransition_completion, coordinator, 5, nil)
  print(message)
  ok, message = pcall(coordinator.animateAlongsideTransition_completion, coordinator, nil, {})
  print(message)
end
main(AppDelegate)
local controller = UIApplication.shared.delegate.window.rootViewController
local function fails(action, ...)
  local ok, message = pcall(action, ...)
  assert(not ok, "accepted")
  print(message)
end
fails(device.rotate)
fails(device.rotate, {})
fails(device.rotate, "LandscapeLeft")
fails(device.rotate, "faceUp")
fails(device.rotate, string.rep("x", 100000))
for _, bad in ipairs { "sideways", 0, 64, { "portrait", 3 }, true } do
  mask = bad
  fails(device.rotate, "landscapeLeft")
  device.rotate("portrait")
end
mask = "landscape"
device.rotate("landscapeLeft")
fails(function() controller.additionalSafeAreaInsets = "wide" end)
fails(function() controller.additionalSafeAreaInsets = { 10, 0, 0, 0 } end)
fails(function() controller.additionalSafeAreaInsets = { top = "10" } end)
fails(function() controller.additionalSafeAreaInsets = { top = 0/0 } end)
fails(function() controller.additionalSafeAreaInsets = { middle = 1 } end)
fails(controller.registerForTraitChanges_withHandler, controller, {}, print)
fails(controller.registerForTraitChanges_withHandler, controller, "UITraitVerticalSizeClass", print)
fails(controller.registerForTraitChanges_withHandler, controller, { "verticalSizeClass" }, print)
fails(controller.registerForTraitChanges_withHandler, controller, { UIViewController }, print)
fails(controller.registerForTraitChanges_withHandler, controller, { UITraitVerticalSizeClass }, "print")
fails(controller.unregisterForTraitChanges, controller, nil)
device.kill()
Info { UISupportedInterfaceOrientations = { "UIInterfaceOrientationPortrait", "UIInterfaceOrientationSideways" } }
device.activate()
fails(device.rotate, "landscapeRight")
device.kill()
Info { UISupportedInterfaceOrientations = "UIInterfaceOrientationPortrait" }
device.activate()
fails(device.rotate, "portrait")
