-- A scenario run from Swift: Examples/Embedding/Sources/main.swift defines AppDelegate and
-- Analytics in Swift and passes them to Lifescript.run beside the options; the scenario uses them as it
-- uses UIKit's classes.

-- A Lua subclass of the Swift class: its method calls the Swift one.
local ScreenAnalytics = class("ScreenAnalytics", Analytics)
function ScreenAnalytics:screen(name)
  Analytics.track(self, "screen " .. name)
end

main(AppDelegate)                         -- UIKit makes the Swift AppDelegate and launches it
expect.events { "AppDelegate.application:didFinishLaunchingWithOptions:" }

local analytics = ScreenAnalytics.new()
analytics:track("launch")                 -- Analytics's track: is Swift
analytics:screen("home")
print("events sent: " .. analytics.sent)  -- a property the Swift method counts up

device.home()
expect.order {
  "AppDelegate.applicationDidEnterBackground:",
  "post UIApplicationDidEnterBackgroundNotification",
}
