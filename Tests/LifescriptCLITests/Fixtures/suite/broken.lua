-- A script error inside a delegate method: exit 2, with the method and the traceback.
local AppDelegate = class("AppDelegate", UIResponder, { "UIApplicationDelegate" })
function AppDelegate:application_didFinishLaunchingWithOptions(application, options)
  local settings = nil
  return settings.enabled
end
main(AppDelegate)
