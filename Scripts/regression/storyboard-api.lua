-- storyboard-api.lua: UIStoryboard for app code, isSubclassOfClass, and the background-task
-- hooks (their expiry comes with background execution).
--
--   lifescript run --trace Scripts/regression/storyboard-api.lua

Storyboard("Onboarding", { initialViewController = "WelcomeController" })
local WelcomeController = class("WelcomeController", UIViewController)

local AppDelegate = class("AppDelegate", UIResponder)
function AppDelegate:application_didFinishLaunchingWithOptions(application, options)
  -- A login screen instead of the main interface: the app loads a storyboard itself.
  local storyboard = UIStoryboard.new("Onboarding")
  self.window = UIWindow.new()
  self.window.rootViewController = storyboard:instantiateInitialViewController()
  self.window:makeKeyAndVisible()
  return true
end
main(AppDelegate)
expect.order {
  "new UIStoryboard", "new WelcomeController", "WelcomeController.initWithCoder:",
  "WelcomeController.awakeFromNib", "WelcomeController.viewDidLoad", "WelcomeController.viewDidAppear:",
}

local ok, message = pcall(UIStoryboard.new, "Missing")
assert(not ok and message:find("Could not find a storyboard named 'Missing'", 1, true), message)

assert(WelcomeController:isSubclassOfClass(UIViewController))
assert(not UIViewController:isSubclassOfClass(WelcomeController))

local application = UIApplication.shared
local task = application:beginBackgroundTaskWithName_expirationHandler("upload", function() end)
assert(math.type(task) == "integer")
application:endBackgroundTask(task)
application:endBackgroundTask(task)      -- twice: nothing happens
application:endBackgroundTask(12345)     -- unknown: nothing happens
