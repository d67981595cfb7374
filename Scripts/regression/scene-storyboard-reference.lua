-- scene-storyboard-reference.lua: a scene app (Xcode 16's template shape) whose
-- UISceneStoryboardFile's entry point is itself a storyboard reference, to the controller with
-- Storyboard ID "Welcome" in Onboarding.storyboard: the scene's window gets that controller
-- (§3.1 step 8; Documentation/Reference/storyboards.md#storyboard-references).
--
--   lifescript run --trace Scripts/regression/scene-storyboard-reference.lua

Info {
  CFBundleExecutable = "Cards",
  UILaunchScreen = {},
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
}
Storyboard "fixtures/scene-reference/Main.storyboard"
Storyboard "fixtures/scene-reference/Onboarding.storyboard"

local AppDelegate = class("AppDelegate", UIResponder, { "UIApplicationDelegate" })
function AppDelegate:application_didFinishLaunchingWithOptions(application, options) return true end
SceneDelegate = class("SceneDelegate", UIResponder, { "UIWindowSceneDelegate" })
SceneDelegate.properties = { "window" }
WelcomeViewController = class("WelcomeViewController", UIViewController)

main(AppDelegate)
expect.order {
  "new SceneDelegate",
  "new WelcomeViewController", "WelcomeViewController.initWithCoder:",
  "WelcomeViewController.awakeFromNib",
  "new UIWindow", "SceneDelegate.setWindow:", "UIWindow.setRootViewController:",
  "WelcomeViewController.viewDidAppear:",
}
