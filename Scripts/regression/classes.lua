-- classes.lua: script classes in the message runtime
-- (Documentation/Reference/scenario-language.md#classes).
--
--   lifescript run Scripts/regression/classes.lua

-- class(name, superclass, protocols) defines a class; it is reachable by name.
local AppDelegate = class("AppDelegate", UIResponder, { "UIApplicationDelegate" })
assert(NSClassFromString("AppDelegate") == AppDelegate)
assert(NSStringFromClass(AppDelegate) == "AppDelegate")
assert(AppDelegate.super == UIResponder and UIResponder.super == NSObject)
assert(tostring(AppDelegate) == "AppDelegate")

-- A method's Lua name is its selector with ':' as '_' and the last '_' dropped.
local calls = {}
function AppDelegate:application_didFinishLaunchingWithOptions(application, launchOptions)
  calls[#calls + 1] = "didFinishLaunching"
  return true
end

function AppDelegate:applicationDidBecomeActive(application)
  calls[#calls + 1] = "didBecomeActive"
end

local delegate = AppDelegate.new()
assert(delegate:isKindOfClass(UIResponder) and delegate:isMemberOfClass(AppDelegate))
assert(not delegate:isMemberOfClass(UIResponder))
assert(delegate:conformsToProtocol("UIApplicationDelegate"))
assert(delegate:respondsToSelector("application:didFinishLaunchingWithOptions:"))
assert(delegate:respondsToSelector("applicationDidBecomeActive:"))
assert(not delegate:respondsToSelector("applicationWillTerminate:"))
assert(delegate:application_didFinishLaunchingWithOptions(nil, {}) == true)
delegate:applicationDidBecomeActive(nil)
assert(table.concat(calls, ",") == "didFinishLaunching,didBecomeActive")
assert(delegate.nextResponder == nil, "UIResponder's own nextResponder is nil")

-- Properties are plain fields; declared ones answer respondsToSelector: as UIKit needs.
AppDelegate.properties = { "window" }
assert(delegate:respondsToSelector("window") and delegate:respondsToSelector("setWindow:"))
local window = UIResponder.new()
delegate.window = window
assert(delegate.window == window)
delegate.scratch = { 1, 2, 3 }
assert(#delegate.scratch == 3, "a field keeps its Lua value")
assert(not delegate:respondsToSelector("scratch"), "an ordinary field is not a property")

-- init runs on creation; fields it sets become properties.
local ViewController = class("ViewController", "UIResponder")
function ViewController:init(title)
  self.title = title
  self.loaded = false
end
function ViewController:viewDidLoad()
  self.loaded = true
end
local controller = ViewController.new("Home")
assert(controller.title == "Home" and controller:respondsToSelector("setTitle:"))
controller:viewDidLoad()
assert(controller.loaded == true)

-- Overrides and explicit superclass calls.
local BaseController = class("BaseController", UIResponder)
local log = {}
function BaseController:viewWillAppear(animated)
  log[#log + 1] = "base " .. tostring(animated)
end
local DetailController = class("DetailController", BaseController)
function DetailController:viewWillAppear(animated)
  BaseController.viewWillAppear(self, animated)
  log[#log + 1] = "detail"
end
DetailController.new():viewWillAppear(true)
assert(table.concat(log, ",") == "base true,detail")

-- Instances print deterministically.
assert(tostring(controller):match("^<ViewController: 0x6000") ~= nil)

-- Mistakes are errors with a position.
local ok, message = pcall(function() return delegate:launch() end)
assert(not ok and message:find("attempt to call a nil value (method 'launch')", 1, true), message)
assert(delegate.launch == nil, "a method nobody defined reads as nil")
ok, message = pcall(class, "AppDelegate", UIResponder)
assert(not ok and message:find("class 'AppDelegate' is already defined", 1, true), message)
ok, message = pcall(class, "Orphan", "NoSuchClass")
assert(not ok and message:find("no class named NoSuchClass", 1, true), message)
ok, message = pcall(function() AppDelegate.count = 3 end)
assert(not ok and message:find("cannot set 'count' on class AppDelegate", 1, true), message)
