-- own-delegate.lua: seeds 000 and 001. A UIApplication subclass that is its own delegate, started
-- the way main.swift does it, overriding a UIApplication method (reference §7.1).
--
--   lifescript run --trace Scripts/examples/own-delegate.lua

local Application = class("Application", UIApplication, { "UIApplicationDelegate" })

function Application:application_willFinishLaunchingWithOptions(application, launchOptions)
  assert(application == self, "the application is its own delegate")
  return true
end

function Application:application_didFinishLaunchingWithOptions(application, launchOptions)
  return true
end

-- The reason seed 000 gives for subclassing: more control, e.g. over every event.
function Application:sendEvent(event)
  self.seen = (self.seen or 0) + 1
  UIApplication.sendEvent(self, event)      -- then UIKit's own implementation
end

-- main.swift:
--   UIApplicationMain(CommandLine.argc, CommandLine.unsafeArgv,
--                     NSStringFromClass(Application.self), NSStringFromClass(Application.self))
UIApplicationMain(CommandLine.argc, CommandLine.unsafeArgv,
  NSStringFromClass(Application), NSStringFromClass(Application))

expect.events {
  "new Application",                         -- one object: no second instance for the delegate
  "Application.application:willFinishLaunchingWithOptions:",
  "Application.application:didFinishLaunchingWithOptions:",
  "post UIApplicationDidFinishLaunchingNotification",
  "post UIApplicationDidBecomeActiveNotification",
}
assert(UIApplication.shared.delegate == UIApplication.shared)
assert(UIApplication.shared:isKindOfClass(Application))

UIApplication.shared:sendEvent("touch")
assert(UIApplication.shared.seen == 1)
