-- The CI matrix's file without named tests: one case, as a scenario always was.
local AppDelegate = class("AppDelegate", UIResponder, { "UIApplicationDelegate" })
function AppDelegate:application_didFinishLaunchingWithOptions(app, options) return true end
main(AppDelegate)
expect.order { "application:didFinishLaunchingWithOptions:" }
