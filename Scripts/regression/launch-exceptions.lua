-- launch-exceptions.lua: UIApplicationMain's verbatim assertions (reference §7.3, §7.4, §2), and
-- the singleton rule of Documentation/UIKit/application-main.md#a-second-uiapplication.
--
--   lifescript run --trace Scripts/regression/launch-exceptions.lua

-- §7.3: an unknown delegate class.
UIApplicationMain(nil, "Missing")
expect.exception "Unable to instantiate the UIApplication delegate instance. No class named Missing is loaded."
expect.events { "new UIApplication", "exception NSInternalInconsistencyException: Unable to instantiate the UIApplication delegate instance. No class named Missing is loaded." }
assert(UIApplication.shared == nil, "the process ended")

-- §7.3: an unknown principal class.
UIApplicationMain("NoSuchApplication", nil)
expect.exception "No class named NoSuchApplication is loaded."
expect.events { "exception NSInternalInconsistencyException: Unable to instantiate the UIApplication subclass instance. No class named NoSuchApplication is loaded." }

-- §7.4: UIApplicationMain again from inside the running app.
local Reentrant = class("Reentrant", UIResponder)
function Reentrant:applicationDidBecomeActive(application)
  UIApplicationMain(nil, "Reentrant")
end
UIApplicationMain(nil, "Reentrant")
expect.exception "There can only be one UIApplication instance."
expect.order { "applicationDidBecomeActive:", "exception NSInternalInconsistencyException: There can only be one UIApplication instance." }
expect.never "post UIApplicationDidBecomeActiveNotification"

-- §2: a window without a root view controller at the end of launch.
local Windowless = class("Windowless", UIResponder)
function Windowless:application_didFinishLaunchingWithOptions(application, options)
  self.window = UIWindow.new()
  return true
end
UIApplicationMain(nil, "Windowless")
expect.exception "Application windows are expected to have a root view controller at the end of application launch"

-- §7.4: UIApplication is a singleton. Another instance made by the app's code is UIKit's
-- assertion in -[UIApplication init]: uncaught, it ends the process.
local Second = class("Second", UIResponder)
function Second:application_didFinishLaunchingWithOptions(application, options)
  UIApplication.new()
  return true
end
UIApplicationMain(nil, "Second")
expect.exception "There can only be one UIApplication instance."
expect.order { "application:didFinishLaunchingWithOptions:", "new UIApplication", "exception NSInternalInconsistencyException: There can only be one UIApplication instance." }
assert(UIApplication.shared == nil, "the process ended")

-- A subclass too; from the scenario's top level the assertion is a Lua error.
local MyApplication = class("MyApplication", UIApplication)
UIApplicationMain("MyApplication", nil)
local ok, message = pcall(MyApplication.new)
assert(not ok and message:find("NSInternalInconsistencyException: There can only be one UIApplication instance.", 1, true), message)
assert(UIApplication.shared:isMemberOfClass(MyApplication), "the first instance is still the app")

-- A subclass's own init that calls UIApplication's (Swift's super.init()) is checked too.
function MyApplication:init() UIApplication.init(self) end
ok, message = pcall(MyApplication.new)
assert(not ok and message:find("There can only be one UIApplication instance.", 1, true), message)

-- UIApplicationMain's instance passes; its init must return that instance, not another object.
device.kill()
device.activate()
assert(UIApplication.shared:isMemberOfClass(MyApplication))
device.kill()
function MyApplication:init() return UIResponder.new() end
device.activate()
expect.exception "Unable to instantiate the UIApplication singleton."
expect.order { "new MyApplication", "new UIResponder", "exception NSInternalInconsistencyException: Unable to instantiate the UIApplication singleton." }
assert(UIApplication.shared == nil, "the process ended")
