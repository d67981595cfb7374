-- events.lua: touches and shakes through UIApplication.sendEvent:, the key window and the
-- responder chain; a responder that handles an event without calling super ends its journey.
--
--   lifescript run --trace Scripts/regression/events.lua

device.ios("18.3")
local AppDelegate = class("AppDelegate", UIResponder, { "UIApplicationDelegate" })
function AppDelegate:application_didFinishLaunchingWithOptions(application, options)
  self.window = UIWindow.new()
  self.window.rootViewController = EditorController.new()
  self.window:makeKeyAndVisible()
  return true
end
function AppDelegate:motionEnded_withEvent(motion, event) self.shaken = true end

EditorController = class("EditorController", UIViewController)
function EditorController:touchesBegan_withEvent(touches, event)
  self.touched = (self.touched or 0) + 1                  -- handled here: no super call
end

main(AppDelegate)
expect.order { "EditorController.viewDidLoad", "EditorController.viewDidAppear:" }
device.touch()
expect.events {
  "UIApplication.sendEvent:", "UIWindow.sendEvent:",
  "UIView.touchesBegan:withEvent:", "EditorController.touchesBegan:withEvent:",   -- stops here
  "UIView.touchesEnded:withEvent:", "EditorController.touchesEnded:withEvent:",
  "UIWindow.touchesEnded:withEvent:", "UIApplication.touchesEnded:withEvent:",
  "AppDelegate.touchesEnded:withEvent:",                  -- the app delegate is a UIResponder
}
assert(UIApplication.shared.keyWindow.rootViewController.touched == 1)

device.shake()                                            -- shake to undo
expect.events {
  "UIApplication.sendEvent:", "UIWindow.sendEvent:",
  "EditorController.motionBegan:withEvent:", "UIWindow.motionBegan:withEvent:",
  "UIApplication.motionBegan:withEvent:", "AppDelegate.motionBegan:withEvent:",
  "EditorController.motionEnded:withEvent:", "UIWindow.motionEnded:withEvent:",
  "UIApplication.motionEnded:withEvent:", "AppDelegate.motionEnded:withEvent:",
}
assert(UIApplication.shared.delegate.shaken)

-- Events go to the app in front: not to a backgrounded or terminated one.
device.home()
local ok, message = pcall(device.touch)
assert(not ok and message:find("the app is not in the foreground (background)", 1, true), message)
device.kill()
ok, message = pcall(device.shake)
assert(not ok and message:find("(not running)", 1, true), message)
