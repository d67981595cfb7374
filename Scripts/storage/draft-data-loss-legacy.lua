-- draft-data-loss-legacy.lua: draft-data-loss.lua for an app without scenes. The draft saved
-- only in applicationWillTerminate: is lost when the suspended app is killed; the one saved in
-- applicationDidEnterBackground: survives the kill and the next launch reads it
-- (Documentation/UIKit/storage.md#what-survives-what).
--
--   lifescript run --trace Scripts/storage/draft-data-loss-legacy.lua

local typed = "Call Ana"
local seen = {}

local AppDelegate = class("AppDelegate", UIResponder, { "UIApplicationDelegate" })
function AppDelegate:application_didFinishLaunchingWithOptions(application, options)
  seen[#seen + 1] = (UserDefaults.standard:stringForKey("early") or "-") .. " / "
    .. (UserDefaults.standard:stringForKey("late") or "-")
  return true
end
function AppDelegate:applicationDidEnterBackground(application)
  UserDefaults.standard:setObject_forKey(typed, "early")
end
function AppDelegate:applicationWillTerminate(application)
  UserDefaults.standard:setObject_forKey(typed, "late")
end

main(AppDelegate)
device.home()
device.kill()
device.activate()
expect.equal(seen, { "- / -", "Call Ana / -" })

-- The system reclaims the suspended app: no callback either, and the same survives.
UserDefaults.standard:removeObjectForKey("early")
device.home()
device.terminate_in_background()
expect.never "AppDelegate.applicationWillTerminate:"
device.activate()
expect.equal(seen[3], "Call Ana / -")
