-- A file without tests whose path no filter below matches.
local AppDelegate = class("AppDelegate", UIResponder, { "UIApplicationDelegate" })
function AppDelegate:application_didFinishLaunchingWithOptions(app, options) return true end
main(AppDelegate)
device.home()
