-- The same app, killed and launched again: the same warning as legacy-home.lua, and one of its
-- own (Lua's warn, twice: a run gives a warning once).
local AppDelegate = class("AppDelegate", UIResponder, { "UIApplicationDelegate" })
function AppDelegate:application_didFinishLaunchingWithOptions(application, options)
  warn("launching")
  return true
end
function AppDelegate:applicationDidBecomeActive(application) end
main(AppDelegate)
device.kill()
device.activate()
expect.order { "AppDelegate.applicationDidBecomeActive:" }
