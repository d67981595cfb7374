-- configuration-layering.lua: the configuration lines given between two launches make one
-- build of the app. The first Info of a launch is the Info.plist, a later one adds its keys over
-- it (a key given again takes the later value, whole), as Xcode adds INFOPLIST_KEY_ settings
-- over the Info.plist file; the same for BuildSettings; Project gives both, so it comes first
-- (Documentation/Reference/scenario-language.md#one-launchs-configuration).
--
--   lifescript run Scripts/regression/configuration-layering.lua

local AppDelegate = class("AppDelegate", UIResponder, { "UIApplicationDelegate" })
AppDelegate.properties = { "window" }
function AppDelegate:application_didFinishLaunchingWithOptions(application, options) return true end
Storyboard("Main", { initialViewController = "UIViewController" })
Storyboard("LaunchScreen", { initialViewController = "UIViewController", launchScreen = true })

local function key(name) return Bundle.main:objectForInfoDictionaryKey(name) end
local function fails(expected, f, ...)
  local ok, message = pcall(f, ...)
  assert(not ok, "expected an error: " .. expected)
  assert(message:find(expected, 1, true), message)
end

-- Before the first launch: the second Info adds its keys; a key given again takes its new value.
Info { CFBundleExecutable = "Notes", CFBundleIdentifier = "com.example.notes",
       LSApplicationQueriesSchemes = { "maps", "tel" } }
Info { CFBundleIdentifier = "com.example.notes.beta", LSApplicationQueriesSchemes = { "sms" } }
assert(key("CFBundleExecutable") == "Notes")
assert(key("CFBundleIdentifier") == "com.example.notes.beta")
-- Top-level keys only: an array or dictionary given again is replaced whole, not merged.
local schemes = key("LSApplicationQueriesSchemes")
assert(#schemes == 1 and schemes[1] == "sms")

-- BuildSettings the same: the later value of a setting wins, the others stay.
BuildSettings { MARKETING_VERSION = "1.0", TEAM = "Tools" }
BuildSettings { MARKETING_VERSION = "1.1" }
Info { CFBundleShortVersionString = "$(MARKETING_VERSION)", CFBundleDisplayName = "Notes $(TEAM)" }
assert(key("CFBundleShortVersionString") == "1.1")
assert(key("CFBundleDisplayName") == "Notes Tools")

-- A file layers like a table: its keys over the tables', the tables' other keys kept.
Info "../examples/fixtures/Info.plist"
assert(key("CFBundleExecutable") == "Demo")
assert(key("CFBundleShortVersionString") == "1.0")
assert(key("UIMainStoryboardFile") == "Main")
assert(key("CFBundleDisplayName") == "Notes Tools")
assert(key("LSApplicationQueriesSchemes")[1] == "sms")

-- Project builds the whole app, so it cannot come after Info or BuildSettings of this launch.
fails("began with Info at Scripts/regression/configuration-layering.lua:23; Project builds the whole app",
  Project, "../../Examples/MyApp/MyApp.xcodeproj")

main(AppDelegate)
expect.order { "new AppDelegate", "AppDelegate.application:didFinishLaunchingWithOptions:" }
-- While the app runs, nothing of its configuration changes.
fails("Info: the app is running; its Info.plist can change only between launches", Info, {})
fails("BuildSettings: the app is running; its build settings can change only between launches",
  BuildSettings, { TEAM = "Other" })
assert(key("CFBundleDisplayName") == "Notes Tools")
device.kill()

-- After a launch the first Info starts again: the keys it leaves out are gone (the way to
-- remove one), and later ones add to it again.
Info { CFBundleExecutable = "Notes", UIMainStoryboardFile = "Main" }
assert(key("CFBundleIdentifier") == nil and key("LSApplicationQueriesSchemes") == nil)
Info { CFBundleIdentifier = "com.example.notes" }
assert(key("CFBundleExecutable") == "Notes" and key("CFBundleIdentifier") == "com.example.notes")
-- Build settings stay from launch to launch until a BuildSettings line starts them again.
Info { CFBundleDisplayName = "Notes $(TEAM) $(MARKETING_VERSION)" }
assert(key("CFBundleDisplayName") == "Notes Tools 1.1")
BuildSettings { MARKETING_VERSION = "2.0" }
assert(key("CFBundleDisplayName") == "Notes  2.0")
fails("began with Info at Scripts/regression/configuration-layering.lua:62;",
  Project, "../../Examples/MyApp/MyApp.xcodeproj")
device.activate()
expect.order { "new AppDelegate", "AppDelegate.application:didFinishLaunchingWithOptions:" }
device.kill()

-- Project first: Info and BuildSettings after it add to what it built.
Project "../../Examples/MyApp/MyApp.xcodeproj"
assert(Bundle.main.bundleIdentifier == "com.example.MyApp")
Info { CFBundleIdentifier = "com.example.MyApp.beta" }
BuildSettings { CHANNEL = "beta" }
Info { CFBundleDisplayName = "$(PRODUCT_MODULE_NAME) $(CHANNEL)" }
assert(Bundle.main.bundleIdentifier == "com.example.MyApp.beta")
assert(key("CFBundleExecutable") == "MyApp")
assert(key("UIApplicationSceneManifest").UISceneConfigurations ~= nil)
assert(key("CFBundleDisplayName") == "MyApp beta")
-- A second Project in the same launch's configuration would drop what the lines gave.
fails("already began with Project at Scripts/regression/configuration-layering.lua:78;",
  Project, "../../Examples/MyApp/MyApp.xcodeproj")
