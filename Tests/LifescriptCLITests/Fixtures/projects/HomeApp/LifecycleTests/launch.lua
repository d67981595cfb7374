-- launch.lua: an Xcode 14 app whose Info.plist Xcode generates (GENERATE_INFOPLIST_FILE = YES)
-- from INFOPLIST_KEY_* settings merged onto a partial App/Info.plist that holds only the scene
-- manifest. The product name is "Home Assistant Δ" in Debug, so the module Xcode derives is
-- Home_Assistant_Δ; a macOS app target and a Beta configuration sit beside the iOS app, and the
-- project-level INFOPLIST_FILE (Shared/Info.plist, which does not exist) is the target's to
-- override.
--
--   lifescript run LifecycleTests/launch.lua

Project "../HomeApp.xcodeproj"                         -- target App, Debug

local AppDelegate = class("AppDelegate", UIResponder, { "UIApplicationDelegate" })
function AppDelegate:application_didFinishLaunchingWithOptions(application, launchOptions)
  return true
end

local SceneDelegate = class("SceneDelegate", UIResponder, { "UIWindowSceneDelegate" })
SceneDelegate.properties = { "window" }
function SceneDelegate:scene_willConnectToSession_options(scene, session, options) end

local ViewController = class("ViewController", UIViewController)   -- Home_Assistant_Δ

main(AppDelegate)

expect.order {
  "project HomeApp.xcodeproj: target App (not App-macOS (application for macosx)), configuration Debug (of Debug, Beta, Release), module Home_Assistant_Δ (from PRODUCT_NAME \"Home Assistant Δ\"), Info.plist App/Info.plist + 14 generated keys, storyboards LaunchScreen, Main",
  "screen launch: LaunchScreen.storyboard",            -- INFOPLIST_KEY_UILaunchStoryboardName
  "new UIApplication",
  "new SceneDelegate",                                 -- Home_Assistant_Δ.SceneDelegate
  "new ViewController",
  "SceneDelegate.scene:willConnectToSession:options:",
  "screen launch removed",
}
assert(Bundle.main.bundleIdentifier == "io.example.HomeAssistant.dev")
assert(Bundle.main:objectForInfoDictionaryKey("CFBundleName") == "Home Assistant Δ")
assert(Bundle.main:objectForInfoDictionaryKey("UIApplicationSupportsIndirectInputEvents") == true)
assert(#Bundle.main.infoDictionary["UISupportedInterfaceOrientations~ipad"] == 4)

-- The Beta configuration, as a scheme's Archive action might build it.
device.kill()
Project("../HomeApp.xcodeproj", { configuration = "Beta" })
assert(Bundle.main.bundleIdentifier == "io.example.HomeAssistant.beta")
assert(Bundle.main.infoDictionary.CFBundleName == "Home Assistant")
