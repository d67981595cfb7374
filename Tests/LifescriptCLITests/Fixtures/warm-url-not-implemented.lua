-- A warm URL open to a scene delegate without scene(_:openURLContexts:): UIKit skips it, and
-- the failure of the expectation says so, beside the skipped line.
Info {
  CFBundleURLTypes = { { CFBundleURLSchemes = { "demo" } } },
  UIApplicationSceneManifest = {
    UISceneConfigurations = {
      UIWindowSceneSessionRoleApplication = {
        { UISceneConfigurationName = "Default Configuration",
          UISceneDelegateClassName = "SceneDelegate" },
      },
    },
  },
}
local AppDelegate = class("AppDelegate", UIResponder, { "UIApplicationDelegate" })
function AppDelegate:application_didFinishLaunchingWithOptions(app, options) return true end
local SceneDelegate = class("SceneDelegate", UIResponder, { "UIWindowSceneDelegate" })
function SceneDelegate:sceneDidBecomeActive(scene) end

main(AppDelegate)
device.home()
wait(30)
device.open_url("demo://item/7")
expect.order { "SceneDelegate.scene:openURLContexts:" }
