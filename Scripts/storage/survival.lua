-- survival.lua: what each store keeps through each way the app's process ends
-- (Documentation/UIKit/storage.md#what-survives-what). User defaults, files and keychain items
-- written before a watchdog kill, an uncaught exception or a termination in the background are
-- all there at the next launch; device.reinstall() deletes the defaults and the files and keeps
-- the keychain. The scenario may fill the container before the first launch, as a test does; its
-- writes, made outside the app's process, post no NSUserDefaultsDidChangeNotification.
--
--   lifescript run --trace Scripts/storage/survival.lua

-- Before UIApplicationMain: the app is installed, so its container exists.
storage.write("Documents/seed.json", "{}")
UserDefaults.standard:setBool_forKey(true, "seeded")
keychain.set("token", "abc")
expect.equal(storage.list(), { "Documents/seed.json" })

local launches = 0
local mode = "normal"
local AppDelegate = class("AppDelegate", UIResponder, { "UIApplicationDelegate" })
function AppDelegate:application_didFinishLaunchingWithOptions(application, options)
  launches = launches + 1
  UserDefaults.standard:setInteger_forKey(launches, "launches")
  storage.write("Library/launch-" .. launches .. ".log", "launch " .. launches, { atomic = false })
  if mode == "watchdog" then
    busy(30)
  elseif mode == "exception" then
    -- Not a property list: Foundation's exception, uncaught here, ends the process.
    UserDefaults.standard:setObject_forKey(UIApplication.shared, "app")
  end
  return true
end

main(AppDelegate)
expect.equal(UserDefaults.standard:boolForKey("seeded"), true)
expect.equal(UserDefaults.standard:integerForKey("launches"), 1)

mode = "watchdog"
device.kill()
device.activate()
expect.order {
  "terminated Namespace SPRINGBOARD, Code 0x8badf00d: scene-create watchdog transgression: application<com.example.app>:1002 exhausted real (wall clock) time allowance of 20.00 seconds",
}
expect.equal(UserDefaults.standard:integerForKey("launches"), 2)
expect.equal(storage.read("Library/launch-2.log"), "launch 2")

mode = "exception"
device.activate()
expect.exception "Attempt to insert non-property list object <UIApplication: 0x"
expect.equal(UIApplication.shared, nil)
expect.equal(UserDefaults.standard:integerForKey("launches"), 3)
expect.equal(UserDefaults.standard:objectForKey("app"), nil)

mode = "normal"
device.activate()
device.home()
device.terminate_in_background()
device.activate()
expect.equal(UserDefaults.standard:integerForKey("launches"), 5)
expect.equal(storage.list(), {
  "Documents/seed.json", "Library/launch-1.log", "Library/launch-2.log",
  "Library/launch-3.log", "Library/launch-4.log", "Library/launch-5.log",
})
expect.equal(UserDefaults.standard:dictionaryRepresentation(), { seeded = true, launches = 5 })

-- A folder goes with everything in it.
expect.equal(storage.remove("Library"), true)
expect.equal(storage.exists("Library/launch-1.log"), false)
expect.equal(storage.remove("Library"), false)

-- The scenario's own writes are silent; the app's post the notification.
expect.settled()
UserDefaults.standard:setObject_forKey({ "a", { nested = 1.5 } }, "list")
expect.never "post NSUserDefaultsDidChangeNotification"
expect.equal(UserDefaults.standard:objectForKey("list"), { "a", { nested = 1.5 } })
expect.equal(UserDefaults.standard:synchronize(), true)

device.reinstall()
expect.equal(storage.list(), {})
expect.equal(UserDefaults.standard:dictionaryRepresentation(), {})
expect.equal(keychain.get("token"), "abc")
expect.equal(keychain.remove("token"), true)
expect.equal(keychain.remove("token"), false)
