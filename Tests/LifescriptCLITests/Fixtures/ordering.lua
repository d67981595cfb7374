-- A storyboard launch whose activation order depends on --option legacy-activation.
Info { UIMainStoryboardFile = "Main" }
Storyboard("Main", { initialViewController = "UIViewController" })
local AppDelegate = class("AppDelegate", UIResponder)
AppDelegate.properties = { "window" }
function AppDelegate:application_didFinishLaunchingWithOptions(application, options) return true end
function AppDelegate:applicationDidBecomeActive(application) end
main(AppDelegate)
