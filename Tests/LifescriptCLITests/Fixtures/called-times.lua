-- expect.called counts the lines since the checkpoint that match, in any spelling.
device.ios("18.3")
local AppDelegate = class("AppDelegate", UIResponder, { "UIApplicationDelegate" })
function AppDelegate:applicationDidBecomeActive(application) end
main(AppDelegate)
expect.called("applicationDidBecomeActive:", { times = 1 })
device.home()
device.activate()
device.home()
device.activate()
expect.called("applicationDidBecomeActive", { times = 1 })
