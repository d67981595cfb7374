-- A value that is not a property list, stored in a callback: Foundation's exception ends the
-- app's process, and unclaimed, it fails the scenario; what was stored before it stays.
local AppDelegate = class("AppDelegate", UIResponder, { "UIApplicationDelegate" })
function AppDelegate:applicationDidEnterBackground(application)
  UserDefaults.standard:setObject_forKey("saved", "draft")
  UserDefaults.standard:setObject_forKey({ callback = function() end }, "handlers")
end
main(AppDelegate)
device.home()
print(UIApplication.shared, UserDefaults.standard:stringForKey("draft"))
