-- expect.called of a line with a typo in the class's name: the failure shows the line it nearly
-- matched, and the context is there rather than at the top of the trace.
local AppDelegate = class("AppDelegate", UIResponder, { "UIApplicationDelegate" })
function AppDelegate:application_didFinishLaunchingWithOptions(application, options) return true end
function AppDelegate:applicationDidBecomeActive(application) end
function AppDelegate:applicationDidEnterBackground(application) end

main(AppDelegate)
device.home()
device.activate()
expect.called "AppDelegat.applicationDidEnterBackground:"
