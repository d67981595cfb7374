-- UIApplication is a singleton (§7.4): another instance after UIApplicationMain is UIKit's
-- assertion, a script error at the scenario's top level (exit 2).
local MyApplication = class("MyApplication", UIApplication)
UIApplicationMain("MyApplication", nil)
local second = MyApplication.new()
