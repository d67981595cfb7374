-- A trace that differs from its golden file (golden-mismatch.launch.trace, which expects the
-- app to resign active before it leaves for the home screen, and no background notification).
local AppDelegate = class("AppDelegate", UIResponder)
function AppDelegate:application_didFinishLaunchingWithOptions(application, options) return true end
function AppDelegate:applicationDidEnterBackground(application) end
main(AppDelegate)
device.home()
expect.golden("launch")
