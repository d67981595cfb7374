-- dead-app-objects.lua: an app's objects end with its process
-- (Documentation/Reference/scenario-language.md#the-apps-objects-die-with-its-process). A
-- second UIApplicationMain while the app terminates is UIKit's singleton assertion, and what the
-- ended process made is gone: using it is the script's error, at its line, however the process
-- ended (a kill, an uncaught exception), while the scenario's own objects live on.
--
--   lifescript run --trace Scripts/regression/dead-app-objects.lua

local AppDelegate = class("AppDelegate", UIResponder, { "UIApplicationDelegate" })
local second
function AppDelegate:application_didFinishLaunchingWithOptions(application, options)
  return true
end
function AppDelegate:applicationWillTerminate(application)
  second = { pcall(main, AppDelegate) }
end
local crashing = false
function AppDelegate:applicationDidEnterBackground(application)
  if crashing then UIApplication.new() end
end

local mine = NSObject.new()
mine.note = "the scenario's"
main(AppDelegate)
local app, delegate = UIApplication.shared, UIApplication.shared.delegate
wait(5)
device.kill()

-- main() inside applicationWillTerminate: is refused; no second app launched.
assert(second[1] == false, "a second main during termination must fail")
assert(second[2]:find("There can only be one UIApplication instance.", 1, true), second[2])
expect.order { "AppDelegate.applicationWillTerminate:" }
assert(UIApplication.shared == nil, "the process is gone")

local function gone(object, use)
  local ok, message = pcall(use)
  assert(not ok, "using a dead object must fail")
  local expected = "^Scripts/regression/dead%-app%-objects%.lua:%d+: <" .. object
    .. ": 0x%x+> belonged to the app's process, which ended at t = 5s; its objects are gone$"
  assert(message:find(expected), message)
end
gone("UIApplication", function() return app.applicationState end)
gone("UIApplication", function() app:sendEvent(nil) end)
gone("UIApplication", function() UIApplication.sendEvent(app, nil) end)
gone("UIApplication", function() app.idleTimerDisabled = true end)
gone("AppDelegate", function() return delegate.window end)
gone("AppDelegate", function() delegate.note = 1 end)
gone("AppDelegate", function() delegate:respondsToSelector("init") end)
-- Describing one is still fine: print(app) shows what it was.
assert(tostring(app):find("^<UIApplication: 0x%x+>$"), tostring(app))
-- The scenario's own objects are not the app's.
assert(mine.note == "the scenario's" and mine:respondsToSelector("init"))

-- The next process has its own objects; the old ones stay gone.
main(AppDelegate)
local next_app = UIApplication.shared
assert(next_app ~= app and next_app.applicationState == "active")
gone("UIApplication", function() return app.applicationState end)

-- A process an uncaught exception ends takes its objects too.
wait(2)
crashing = true
device.home()
expect.exception "There can only be one UIApplication instance."
local ok, message = pcall(function() return next_app.applicationState end)
assert(not ok and message:find("ended at t = 7s; its objects are gone", 1, true), message)
