-- notifications.lua: NotificationCenter observers hear UIKit's notifications, after the delegate
-- method (reference §1.3), with the application as the object.
--
--   lifescript run Scripts/regression/notifications.lua

local heard = {}
local AppDelegate = class("AppDelegate", UIResponder)
function AppDelegate:applicationDidBecomeActive(application)
  heard[#heard + 1] = "delegate"
end

local center = NotificationCenter.default
local active = center:addObserver("UIApplicationDidBecomeActiveNotification", function(note)
  heard[#heard + 1] = note.name
  assert(note.object == UIApplication.shared)
end)
local everything = 0
center:addObserver(nil, function() everything = everything + 1 end)

main(AppDelegate)
assert(table.concat(heard, ",") == "delegate,UIApplicationDidBecomeActiveNotification", table.concat(heard, ","))
assert(everything == 2, "didFinishLaunching and didBecomeActive")

-- The app's own notifications are traced and delivered the same way.
local got
center:addObserver("DemoDidSync", function(note) got = note.object end)
center:post("DemoDidSync", UIApplication.shared.delegate)
assert(got == UIApplication.shared.delegate)
expect.order { "post DemoDidSync" }

-- A removed observer hears nothing more.
center:removeObserver(active)
device.home(); device.activate()
assert(#heard == 3, table.concat(heard, ","))   -- only the delegate again
