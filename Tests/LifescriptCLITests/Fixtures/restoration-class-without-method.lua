-- A restoration class that does not implement viewControllerWithRestorationIdentifierPath:coder:
-- gets the message anyway at restore time: the runtime's exception ends the launch.
local AppDelegate = class("AppDelegate", UIResponder, { "UIApplicationDelegate" })
AppDelegate.properties = { "window" }
local Forgetful = class("Forgetful", NSObject)
function AppDelegate:application_willFinishLaunchingWithOptions(application, options)
  self.window = UIWindow.new()
  local root = UIViewController.new()
  root.restorationIdentifier = "root"
  root.restorationClass = Forgetful
  self.window.rootViewController = root
  self.window:makeKeyAndVisible()
  return true
end
function AppDelegate:application_shouldSaveSecureApplicationState(application, coder) return true end
function AppDelegate:application_shouldRestoreSecureApplicationState(application, coder) return true end
main(AppDelegate)
device.home()
device.terminate_in_background()
device.activate()
