-- draft-on-terminate.lua: the walkthrough of Documentation/Reference/explore.md. A notes app
-- keeps the draft the user types in memory and saves it in applicationWillTerminate:, which a
-- suspended app never hears before it is killed, nor an app the system ends to reclaim memory.
--
--   lifescript explore Scripts/explore/draft-on-terminate.lua    # terminate_in_background: exit 1

local typed = "Call Ana"   -- what the user types once the app is in front

local AppDelegate = class("AppDelegate", UIResponder, { "UIApplicationDelegate" })
AppDelegate.properties = { "window", "draft" }
function AppDelegate:application_didFinishLaunchingWithOptions(application, options)
  storage.write("Library/installed", "yes")
  self.draft = UserDefaults.standard:stringForKey("draft") or ""
  return true
end
function AppDelegate:applicationDidBecomeActive(application)
  if self.draft == "" then self.draft = typed end
end
function AppDelegate:applicationWillTerminate(application)
  UserDefaults.standard:setObject_forKey(self.draft, "draft")
end

-- What the user typed is in the running app, or on the device for the next launch; only
-- deleting the app (which takes its container) may lose it.
invariant("the draft survives", function()
  local app = UIApplication.shared
  if app ~= nil and app.delegate.draft == typed then return true end
  return UserDefaults.standard:stringForKey("draft") == typed
    or not storage.exists("Library/installed")
end)
explore.state(function()
  local app = UIApplication.shared
  return app ~= nil and app.delegate.draft or false
end)
main(AppDelegate)
