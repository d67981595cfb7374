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
  self.window = UIWindow.new()
  self.window.rootViewController = UIViewController.new()
  self.window:makeKeyAndVisible()
  return true
end
Application.properties = { "window" }

-- The reason seed 000 gives for subclassing: more control, e.g. over every event.
function Application:sendEvent(event)
  self.seen = (self.seen or 0) + 1
  if self.swallowing then return end          -- swallowed: UIKit never delivers it
  UIApplication.sendEvent(self, event)        -- else UIKit's own implementation
end

-- main.swift:
--   UIApplicationMain(CommandLine.argc, CommandLine.unsafeArgv,
--                     NSStringFromClass(Application.self), NSStringFromClass(Application.self))
UIApplicationMain(CommandLine.argc, CommandLine.unsafeArgv,
  NSStringFromClass(Application), NSStringFromClass(Application))

expect.order {
  "new Application",                         -- one object: no second instance for the delegate
  "Application.application:willFinishLaunchingWithOptions:",
  "Application.application:didFinishLaunchingWithOptions:",
  "post UIApplicationDidFinishLaunchingNotification",
  "post UIApplicationDidBecomeActiveNotification",
}
expect.never "new AppDelegate"
assert(UIApplication.shared.delegate == UIApplication.shared)
assert(UIApplication.shared:isKindOfClass(Application))

-- A touch: the subclass sees it first, then UIKit delivers it up the responder chain, which
-- ends at the application (it is its own delegate, so the chain does not loop, §7.1).
device.touch()
expect.events {
  "Application.sendEvent:",
  "UIWindow.sendEvent:",
  "UIView.touchesBegan:withEvent:", "UIViewController.touchesBegan:withEvent:",
  "UIWindow.touchesBegan:withEvent:", "Application.touchesBegan:withEvent:",
  "UIView.touchesEnded:withEvent:", "UIViewController.touchesEnded:withEvent:",
  "UIWindow.touchesEnded:withEvent:", "Application.touchesEnded:withEvent:",
}

-- Swallowed: the subclass saw it, nothing else did.
UIApplication.shared.swallowing = true
device.touch()
expect.events { "Application.sendEvent:" }
assert(UIApplication.shared.seen == 2)
