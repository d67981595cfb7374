-- launch.lua: an Xcode 12 scene app, launched from its own project. Scenes/Info.plist names
-- the scene delegate as $(PRODUCT_MODULE_NAME).SceneDelegate, which the project's settings make
-- Scenes.SceneDelegate: this script's SceneDelegate. The unit-test target beside the app is not
-- a candidate; Main.storyboard's French variant is a .strings file, the storyboard is Base's.
--
--   lifescript run LifecycleTests/launch.lua

Project "../Scenes.xcodeproj"

local AppDelegate = class("AppDelegate", UIResponder, { "UIApplicationDelegate" })
function AppDelegate:application_didFinishLaunchingWithOptions(application, launchOptions)
  return true
end
function AppDelegate:application_configurationForConnectingSceneSession_options(
    application, session, options)
  return UISceneConfiguration.new("Default Configuration", UIWindowSceneSessionRoleApplication)
end

local SceneDelegate = class("SceneDelegate", UIResponder, { "UIWindowSceneDelegate" })
SceneDelegate.properties = { "window" }
function SceneDelegate:scene_willConnectToSession_options(scene, session, options) end
function SceneDelegate:sceneDidBecomeActive(scene) end

local ViewController = class("ViewController", UIViewController)   -- customModule="Scenes"

main(AppDelegate)

expect.order {
  "screen launch: LaunchScreen.storyboard",
  "new UIApplication",
  "AppDelegate.application:didFinishLaunchingWithOptions:",
  "AppDelegate.application:configurationForConnectingSceneSession:options:",
  "new UIWindowScene",
  "new SceneDelegate",                                 -- Scenes.SceneDelegate, from the manifest
  "new ViewController",                                -- UISceneStoryboardFile Main
  "SceneDelegate.setWindow:",
  "SceneDelegate.scene:willConnectToSession:options:",
  "SceneDelegate.sceneDidBecomeActive:",
  "screen launch removed",
}
local info = Bundle.main.infoDictionary
assert(info.CFBundleShortVersionString == "2.1" and info.CFBundleVersion == "7")
assert(info.CFBundlePackageType == "APPL" and info.CFBundleDevelopmentRegion == "en")
