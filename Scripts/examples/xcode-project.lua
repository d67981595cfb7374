-- xcode-project.lua: an app launched from its Xcode project, Examples/MyApp/MyApp.xcodeproj.
-- `Project` reads project.pbxproj, chooses the only iOS app target (MyApp) and the Debug
-- configuration, resolves the build settings, builds the Info.plist as Xcode would (so
-- $(PRODUCT_MODULE_NAME).SceneDelegate is MyApp.SceneDelegate) and loads the storyboards the
-- target ships: no Info, Storyboard or BuildSettings line (Documentation/Reference/xcode-projects.md).
--
--   lifescript run --trace Scripts/examples/xcode-project.lua

Project "../../Examples/MyApp/MyApp.xcodeproj"

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

local NotesViewController = class("NotesViewController", UIViewController)  -- customModule MyApp

main(AppDelegate)

expect.order {
  -- What the project gave, first in the trace:
  "project MyApp.xcodeproj: target MyApp, configuration Debug (of Debug, Release), module MyApp, Info.plist MyApp/Info.plist, storyboards LaunchScreen, Main",
  "screen launch: LaunchScreen.storyboard",            -- UILaunchStoryboardName
  "new SceneDelegate",                                 -- MyApp.SceneDelegate
  "new NotesViewController",                           -- Main.storyboard's initial controller
  "SceneDelegate.scene:willConnectToSession:options:",
  "screen launch removed",
}

-- The app's bundle reads the Info.plist as built.
assert(Bundle.main.bundleIdentifier == "com.example.MyApp")
assert(Bundle.main:objectForInfoDictionaryKey("CFBundleExecutable") == "MyApp")
