-- Preservation needs both of a pair: this app never saves anything.
local AppDelegate = class("AppDelegate", UIResponder, { "UIApplicationDelegate" })
function AppDelegate:application_shouldSaveSecureApplicationState(application, coder) return true end
device.ios("18.4")
main(AppDelegate)
device.home()
expect.never "application:shouldSaveSecureApplicationState:"
device.activate()
device.home()
