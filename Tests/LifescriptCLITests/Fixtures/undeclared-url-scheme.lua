-- device.open_url with a scheme the Info.plist does not declare: the scenario goes on (a quick
-- experiment needs no CFBundleURLTypes), with a warning; opening it again is the same warning,
-- given once (each time with --warnings all).
Info { CFBundleURLTypes = { { CFBundleURLSchemes = { "myapp" } } } }
local AppDelegate = class("AppDelegate", UIResponder, { "UIApplicationDelegate" })
function AppDelegate:application_didFinishLaunchingWithOptions(application, options) return true end
function AppDelegate:application_openURL_options(application, url, options) return true end
main(AppDelegate)
device.home()
device.open_url("demo://item/7")
device.home()
device.open_url("demo://item/7")
