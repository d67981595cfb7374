-- The same with the method misspelled: the failure names the method the class defines.
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
function SceneDelegate:scene_openURLContext(scene, contexts) end   -- no s

main(AppDelegate)
device.home()
wait(30)
device.open_url("demo://item/7")
expect.order { "SceneDelegate.scene:openURLContexts:" }
