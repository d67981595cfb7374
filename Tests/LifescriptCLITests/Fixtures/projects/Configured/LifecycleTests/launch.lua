-- launch.lua: an app configured by .xcconfig files. Configs/Project.xcconfig includes
-- Shared.xcconfig (PRODUCT_NAME = Configured App, so the module is Configured_App), an optional
-- Local.xcconfig nobody checked in, and a company file outside the repository; the target's
-- base configuration is CocoaPods' and missing until `pod install`. Both are warnings, and the
-- launch goes on as in Xcode. A merge left CFBundleShortVersionString twice in the Info.plist:
-- the later value counts, as Xcode reads the file, with a warning.
--
--   lifescript run LifecycleTests/launch.lua
--   lifescript run --root ../.. LifecycleTests/launch.lua   (reads the company file too)

Project "../Configured.xcodeproj"

local AppDelegate = class("AppDelegate", UIResponder, { "UIApplicationDelegate" })
function AppDelegate:application_didFinishLaunchingWithOptions(application, launchOptions)
  return true
end

local SceneDelegate = class("SceneDelegate", UIResponder, { "UIWindowSceneDelegate" })
SceneDelegate.properties = { "window" }
function SceneDelegate:scene_willConnectToSession_options(scene, session, options) end

local ViewController = class("ViewController", UIViewController)   -- customModule="Configured_App"

main(AppDelegate)

expect.order {
  "new SceneDelegate",                                 -- Configured_App.SceneDelegate
  "new ViewController",
  "SceneDelegate.scene:willConnectToSession:options:",
  "screen launch removed",
}
assert(Bundle.main.bundleIdentifier == "com.example.configured-app")  -- :rfc1034identifier:lower
assert(Bundle.main.infoDictionary.CFBundleDisplayName == "Configured (Debug)")   -- [config=Debug]
assert(Bundle.main.infoDictionary.CFBundleShortVersionString == "1.1")   -- the later of the two
