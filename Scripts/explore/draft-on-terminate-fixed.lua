-- draft-on-terminate-fixed.lua: draft-on-terminate.lua with its bug fixed, as the walkthrough of
-- Documentation/Reference/explore.md ends: the draft is saved when the app enters the
-- background (a suspended app is killed without a word) and when it is told it will terminate
-- (swiped away from the app switcher, it never entered the background).
--
--   lifescript explore Scripts/explore/draft-on-terminate-fixed.lua --depth 6    # exit 0

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
function AppDelegate:applicationDidEnterBackground(application)
  UserDefaults.standard:setObject_forKey(self.draft, "draft")
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
