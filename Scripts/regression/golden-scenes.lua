-- golden-scenes.lua: golden traces. A storyboard scene app launches, goes home, comes back and
-- takes a call; expect.golden compares the whole trace so far with a file beside this one
-- (golden-scenes.launch.trace, golden-scenes.trace), recorded by the tool and read by a person.
--
--   lifescript run Scripts/regression/golden-scenes.lua
--   lifescript run --record Scripts/regression/golden-scenes.lua   # after a deliberate change

Info {
  CFBundleExecutable = "Demo",
  UIApplicationSceneManifest = {
    UIApplicationSupportsMultipleScenes = false,
    UISceneConfigurations = {
      UIWindowSceneSessionRoleApplication = {
        { UISceneConfigurationName = "Default Configuration",
          UISceneDelegateClassName = "$(PRODUCT_MODULE_NAME).SceneDelegate",
          UISceneStoryboardFile = "Main" },
      },
    },
  },
  UILaunchStoryboardName = "LaunchScreen",
}
Storyboard("LaunchScreen", { initialViewController = "UIViewController", launchScreen = true })
Storyboard("Main", { initialViewController = "ViewController" })

local AppDelegate = class("AppDelegate", UIResponder, { "UIApplicationDelegate" })
function AppDelegate:application_didFinishLaunchingWithOptions(application, launchOptions)
  return true
end

SceneDelegate = class("SceneDelegate", UIResponder, { "UIWindowSceneDelegate" })
SceneDelegate.properties = { "window" }
function SceneDelegate:sceneWillEnterForeground(scene) end
function SceneDelegate:sceneDidBecomeActive(scene) end
function SceneDelegate:sceneWillResignActive(scene) end
function SceneDelegate:sceneDidEnterBackground(scene) end

ViewController = class("ViewController", UIViewController)
function ViewController:viewDidLoad() end

main(AppDelegate)
expect.golden("launch")          -- the cold launch alone: golden-scenes.launch.trace

device.home()
device.activate()
device.interrupt()
device.end_interruption()
-- Golden traces do not move the checkpoint: this still sees everything since the launch.
expect.order { "sceneDidEnterBackground:", "sceneWillEnterForeground:", "sceneWillResignActive:" }
expect.golden()                  -- the whole run: golden-scenes.trace
