-- responder-chain.lua: nextResponder from a view up to the app delegate.
--
--   lifescript run Scripts/regression/responder-chain.lua

local AppDelegate = class("AppDelegate", UIResponder)
function AppDelegate:application_didFinishLaunchingWithOptions(application, options)
  self.window = UIWindow.new()
  self.window.rootViewController = UIViewController.new()
  self.window:makeKeyAndVisible()
  return true
end
main(AppDelegate)

local window = UIApplication.shared.keyWindow
local controller = window.rootViewController
local chain, responder = {}, controller.view
while responder ~= nil do
  chain[#chain + 1] = NSStringFromClass(responder:class())
  responder = responder.nextResponder
end
assert(table.concat(chain, " > ") == "UIView > UIViewController > UIWindow > UIApplication > AppDelegate",
  table.concat(chain, " > "))

-- An application that is its own delegate ends the chain (reference §7.1, caveat 2).
device.kill()
local Application = class("Application", UIApplication)
UIApplicationMain("Application", "Application")
assert(UIApplication.shared.delegate == UIApplication.shared)
assert(UIApplication.shared.nextResponder == nil)
