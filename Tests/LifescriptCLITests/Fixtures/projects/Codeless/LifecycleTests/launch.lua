-- launch.lua: an Xcode 15 app without storyboards: the scene delegate makes the window in code,
-- and the launch screen is the one Xcode generates (INFOPLIST_KEY_UILaunchScreen_Generation).
--
--   lifescript run LifecycleTests/launch.lua

Project "../Codeless.xcodeproj"

local AppDelegate = class("AppDelegate", UIResponder, { "UIApplicationDelegate" })
function AppDelegate:application_didFinishLaunchingWithOptions(application, launchOptions)
  return true
end

local ViewController = class("ViewController", UIViewController)

local SceneDelegate = class("SceneDelegate", UIResponder, { "UIWindowSceneDelegate" })
SceneDelegate.properties = { "window" }
function SceneDelegate:scene_willConnectToSession_options(scene, session, options)
  local window = UIWindow.new { windowScene = scene }
  window.rootViewController = ViewController.new()
  self.window = window
  window:makeKeyAndVisible()
end

main(AppDelegate)

expect.order {
  "screen launch: UILaunchScreen {}",                  -- generated: an empty UILaunchScreen
  "new UIApplication",
  "new SceneDelegate",                                 -- Codeless.SceneDelegate
  "SceneDelegate.scene:willConnectToSession:options:",
  "new UIWindow",
  "new ViewController",
  "ViewController.viewDidLoad",
  "screen launch removed",
}
assert(Bundle.main:objectForInfoDictionaryKey("UIMainStoryboardFile") == nil)
