-- A UIApplication subclass whose init returns another object cannot be the singleton (§7.4):
-- an uncaught exception the scenario does not claim (exit 1).
local MyApplication = class("MyApplication", UIApplication)
function MyApplication:init() return UIResponder.new() end
UIApplicationMain("MyApplication", nil)
print("the script goes on")
