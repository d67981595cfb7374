-- Callbacks that keep causing user actions at the same instant (active → home, background →
-- activate) never let the main run loop go idle: a clear error after 1,000 of them, exit 2.
device.ios("18.3")
local AppDelegate = class("AppDelegate", UIResponder, { "UIApplicationDelegate" })
function AppDelegate:applicationDidBecomeActive(application) device.home() end
function AppDelegate:applicationDidEnterBackground(application) device.activate() end
main(AppDelegate)
