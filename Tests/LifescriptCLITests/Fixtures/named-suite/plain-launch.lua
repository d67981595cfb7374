-- A file without tests: one scenario, selected by its path.
local AppDelegate = class("AppDelegate", UIResponder, { "UIApplicationDelegate" })
function AppDelegate:application_didFinishLaunchingWithOptions(app, options) return true end
main(AppDelegate)
expect.order { "application:didFinishLaunchingWithOptions:" }
