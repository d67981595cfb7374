-- A scene app whose app delegate still implements the legacy state methods: UIKit never calls
-- them (reference §3.5); lifescript says so.
Info { UIApplicationSceneManifest = { } }
local AppDelegate = class("AppDelegate", UIResponder, { "UIApplicationDelegate" })
function AppDelegate:applicationDidBecomeActive(application) error("never called") end
function AppDelegate:applicationDidEnterBackground(application) error("never called") end
main(AppDelegate)
device.home()
