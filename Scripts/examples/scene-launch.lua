-- scene-launch.lua: seed 004, the scene half. UIApplicationMain for a scene app with a main
-- storyboard; the "TrulyEmpty" app whose scene configuration has no storyboard (a Main.storyboard
-- left in the project is ignored); and the seed's open question: a main storyboard that is
-- skipped at launch to show a login screen instead (reference §3.1, §3.2).
--
--   lifescript run --trace Scripts/examples/scene-launch.lua

local function sceneApp(storyboard)
  Info {
    CFBundleExecutable = "TrulyEmpty",
    UIMainStoryboardFile = "Main",              -- the legacy key: ignored with a manifest (§3.1)
    UIApplicationSceneManifest = {
      UISceneConfigurations = {
        UIWindowSceneSessionRoleApplication = {
          { UISceneConfigurationName = "Default Configuration",
            UISceneDelegateClassName = "$(PRODUCT_MODULE_NAME).SceneDelegate",
            UISceneStoryboardFile = storyboard },
        },
      },
    },
  }
end
Storyboard("Main", { initialViewController = "ViewController" })
Storyboard("Login", { initialViewController = "LoginController" })

local AppDelegate = class("AppDelegate", UIResponder, { "UIApplicationDelegate" })
function AppDelegate:application_didFinishLaunchingWithOptions(application, options) return true end

ViewController = class("ViewController", UIViewController)
LoginController = class("LoginController", UIViewController)
SceneDelegate = class("SceneDelegate", UIResponder, { "UIWindowSceneDelegate" })
SceneDelegate.properties = { "window" }

-- 1. With a main storyboard (seed steps 3.1-3.8): the storyboard's window exists before
--    scene(_:willConnectTo:options:), and its view loads after.
sceneApp("Main")
function SceneDelegate:scene_willConnectToSession_options(scene, session, options) end
main(AppDelegate)
expect.order {
  "application:didFinishLaunchingWithOptions:",       -- 3.3
  "new UIWindowScene", "new SceneDelegate",           -- 3.4
  "new ViewController",                               -- 3.5: the initial view controller
  "new UIWindow", "SceneDelegate.setWindow:",         -- 3.6: the window, the root
  "UIWindow.setRootViewController:",
  "scene:willConnectToSession:options:",              -- 3.7
  "ViewController.viewDidLoad",                       -- 3.8: makeKeyAndVisible loads the view
}
device.kill()

-- 2. "TrulyEmpty": no storyboard in the configuration; the scene delegate makes the window.
sceneApp(nil)
function SceneDelegate:scene_willConnectToSession_options(scene, session, options)
  if scene:isKindOfClass(UIWindowScene) then
    local window = UIWindow.new(scene)
    window.rootViewController = ViewController.new()
    self.window = window
    window:makeKeyAndVisible()
  end
end
main(AppDelegate)
expect.never "initWithCoder:"                         -- nothing came from Main.storyboard
expect.order { "scene:willConnectToSession:options:", "new UIWindow", "ViewController.viewDidLoad",
               "post UISceneDidActivateNotification", "ViewController.viewDidAppear:" }
device.kill()

-- 3. The main storyboard, skipped for a login screen when nobody is signed in.
sceneApp("Main")
local signedIn = false
function SceneDelegate:scene_willConnectToSession_options(scene, session, options)
  if not signedIn then
    self.window.rootViewController = UIStoryboard.new("Login"):instantiateInitialViewController()
  end
end
main(AppDelegate)
expect.never "ViewController.viewDidLoad"             -- Main's controller was made, never shown
expect.order { "LoginController.initWithCoder:", "LoginController.viewDidLoad",
               "LoginController.viewDidAppear:" }
assert(UIApplication.shared.connectedScenes[1].delegate.window.rootViewController:isKindOfClass(LoginController))
