-- window-lifetime.lua: windows live as long as the app references them, as ARC gives it
-- (Documentation/UIKit/windows-and-view-controllers.md#window-lifetime). UIApplication.windows
-- keeps none alive, so an app that assigns self.window twice does not trip the end-of-launch
-- check ("Application windows are expected to have a root view controller", §2) for the
-- first, released window; a window made key and visible in a local variable is gone when the
-- launch ends, and nothing appears; one the app keeps anywhere (a table, a property) stays.
--
--   lifescript run --trace Scripts/regression/window-lifetime.lua

local AppDelegate = class("AppDelegate", UIResponder, { "UIApplicationDelegate" })
AppDelegate.properties = { "window" }
Root = class("Root", UIViewController)
function Root:viewDidAppear(animated) end

function AppDelegate:application_didFinishLaunchingWithOptions(application, options)
  self.window = UIWindow.new()                 -- a first window, never given a root ...
  self.window = UIWindow.new()                 -- ... released when this one replaces it
  self.window.rootViewController = Root.new()
  self.window:makeKeyAndVisible()
  return true
end

main(AppDelegate)
expect.order { "AppDelegate.application:didFinishLaunchingWithOptions:", "Root.viewDidAppear:" }
expect.never "exception NSInternalInconsistencyException: Application windows are expected to have a root view controller at the end of application launch"
assert(#UIApplication.shared.windows == 1)

-- A window shown from a local variable: released when the method returns, so the launch shows
-- nothing (a black screen on a device) and UIKit lists no window.
device.kill()
function AppDelegate:application_didFinishLaunchingWithOptions(application, options)
  local window = UIWindow.new()
  window.rootViewController = Root.new()
  window:makeKeyAndVisible()
  return true
end
expect.order {}
device.activate()
expect.never "Root.viewDidAppear:"
assert(#UIApplication.shared.windows == 0 and UIApplication.shared.keyWindow == nil)

-- Kept anywhere the app reaches, it stays.
device.kill()
local kept = {}
function AppDelegate:application_didFinishLaunchingWithOptions(application, options)
  local window = UIWindow.new()
  window.rootViewController = Root.new()
  window:makeKeyAndVisible()
  kept.window = window
  return true
end
expect.order {}
device.activate()
expect.order { "Root.viewDidAppear:" }
assert(#UIApplication.shared.windows == 1)
-- (A window the scenario itself just compared can stay in one of Lua's registers a while; this
-- check is written to leave none there.)
kept.window = nil
assert(#UIApplication.shared.windows == 0, "dropped by the app, the window goes")
