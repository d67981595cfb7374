-- An app-delegate app for migrate-check: the window is made in didFinishLaunching.
local AppDelegate = class("AppDelegate", UIResponder, { "UIApplicationDelegate" })
function AppDelegate:application_didFinishLaunchingWithOptions(application, options)
  self.window = UIWindow.new()
  self.window.rootViewController = UIViewController.new()
  self.window:makeKeyAndVisible()
  return true
end
function AppDelegate:applicationDidBecomeActive(application) end
function AppDelegate:applicationDidEnterBackground(application) end
function AppDelegate:applicationWillEnterForeground(application) end
main(AppDelegate)
device.home()
device.activate()
expect.events { "applicationWillEnterForeground:", "applicationDidBecomeActive:" }
