-- launch.lua: an Xcode 16 app (objectVersion 77) whose files are a synchronized folder: the
-- project lists no storyboards, Synced/ holds them, and its Info.plist is an exception (not a
-- resource). The target's xcconfig is anchored in the folder
-- (baseConfigurationReferenceAnchor), and gives the bundle identifier.
--
--   lifescript run LifecycleTests/launch.lua

Project "../Synced.xcodeproj"

local AppDelegate = class("AppDelegate", UIResponder, { "UIApplicationDelegate" })
function AppDelegate:application_didFinishLaunchingWithOptions(application, launchOptions)
  return true
end

local SceneDelegate = class("SceneDelegate", UIResponder, { "UIWindowSceneDelegate" })
SceneDelegate.properties = { "window" }
function SceneDelegate:scene_willConnectToSession_options(scene, session, options) end

local ViewController = class("ViewController", UIViewController)

main(AppDelegate)

expect.order {
  "project Synced.xcodeproj: target Synced, configuration Debug (of Debug, Release), module Synced, Info.plist Synced/Info.plist + 14 generated keys, storyboards LaunchScreen, Main",
  "screen launch: LaunchScreen.storyboard",
  "new SceneDelegate",
  "new ViewController",                                -- Synced/Base.lproj/Main.storyboard
  "SceneDelegate.scene:willConnectToSession:options:",
  "screen launch removed",
}
assert(Bundle.main.bundleIdentifier == "com.example.synced")
assert(Bundle.main.infoDictionary.MinimumOSVersion == "18.0")
