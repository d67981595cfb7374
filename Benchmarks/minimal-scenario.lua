-- The per-scenario benchmark's scenario (Benchmarks/run copies it 10,000 times): the smallest
-- app a suite runs, an app delegate launched from the home screen and sent home.
local AppDelegate = class("AppDelegate", UIResponder, { "UIApplicationDelegate" })
function AppDelegate:application_didFinishLaunchingWithOptions(application, options) return true end

main(AppDelegate)
device.home()
