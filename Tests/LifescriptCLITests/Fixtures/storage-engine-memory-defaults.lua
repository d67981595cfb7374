-- The app stores one-MiB user defaults in a callback, without bound, and the scenario catches
-- every error: the memory cap still ends the run (user defaults count against --max-memory).
local AppDelegate = class("AppDelegate", UIResponder, { "UIApplicationDelegate" })
function AppDelegate:application_didFinishLaunchingWithOptions(application, options)
  for i = 1, 300 do
    pcall(UserDefaults.standard.setObject_forKey, UserDefaults.standard, { string.rep("x", 1 << 20) }, "blob" .. i)
  end
  return true
end
pcall(main, AppDelegate)
print("never printed: 300 MiB of user defaults under the cap")
