-- launch-exceptions.lua: UIApplicationMain's verbatim assertions (reference §7.3, §7.4, §2).
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
