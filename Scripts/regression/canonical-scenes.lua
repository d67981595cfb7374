-- canonical-scenes.lua: the canonical scene traces of Documentation/UIKit/canonical-traces.md:
-- C (scene with storyboard), G (swipe away), and the discarded session at the next launch.
-- D (scene without storyboard), E and F for scenes are pinned in examples/minimal-app.lua.
--
--   lifescript run --trace Scripts/regression/canonical-scenes.lua

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
}
Storyboard("Main", { initialViewController = "ViewController" })

local AppDelegate = class("AppDelegate", UIResponder, { "UIApplicationDelegate" })
function AppDelegate:application_didFinishLaunchingWithOptions(application, options) return true end
function AppDelegate:application_didDiscardSceneSessions(application, sessions)
  self.discarded = #sessions
end
function AppDelegate:applicationWillTerminate(application) end

SceneDelegate = class("SceneDelegate", UIResponder, { "UIWindowSceneDelegate" })
SceneDelegate.properties = { "window" }
function SceneDelegate:scene_willConnectToSession_options(scene, session, options)
  assert(self.window ~= nil, "with a storyboard the window exists already (§3.1 step 9)")
end
for _, name in ipairs { "sceneWillEnterForeground", "sceneDidBecomeActive", "sceneWillResignActive",
                        "sceneDidEnterBackground", "sceneDidDisconnect" } do
  SceneDelegate[name] = function(self, scene) end
end
ViewController = class("ViewController", UIViewController)

-- C. Scene + storyboard.
main(AppDelegate)
expect.events {
  "new UIApplication",                                              -- 1
  "new AppDelegate",                                                -- 2
  "AppDelegate.application:didFinishLaunchingWithOptions:",         -- 4
  "post UIApplicationDidFinishLaunchingNotification",               -- 5
  "new UIWindowScene",                                              -- 8
  "new SceneDelegate",                                              -- 9
  "new ViewController", "ViewController.initWithCoder:",            -- 10
  "ViewController.awakeFromNib",
  "SceneDelegate.window", "new UIWindow", "SceneDelegate.setWindow:", -- 11
  "UIWindow.setRootViewController:",                                -- 12
  "SceneDelegate.scene:willConnectToSession:options:",              -- 13
  "post UISceneWillConnectNotification",                            -- 14
  "ViewController.loadView", "ViewController.viewDidLoad",          -- 15
  "ViewController.viewWillAppear:",
  "SceneDelegate.sceneWillEnterForeground:",                        -- 17
  "post UISceneWillEnterForegroundNotification",                    -- 18
  "post UIApplicationWillEnterForegroundNotification",              -- 19
  "SceneDelegate.sceneDidBecomeActive:",                            -- 20
  "post UISceneDidActivateNotification",                            -- 21
  "post UIApplicationDidBecomeActiveNotification",                  -- 22
  "ViewController.viewDidAppear:",                                  -- 23
}

-- G. Swipe away a running scene app.
device.kill()
expect.events {
  "SceneDelegate.sceneWillResignActive:",
  "post UISceneWillDeactivateNotification",
  "post UIApplicationWillResignActiveNotification",
  "SceneDelegate.sceneDidDisconnect:",
  "post UISceneDidDisconnectNotification",
  "AppDelegate.applicationWillTerminate:",
  "post UIApplicationWillTerminateNotification",
}

-- The discarded session is reported at the next launch, after didFinishLaunching (§3.1 step 5).
device.activate()
expect.order {
  "AppDelegate.application:didFinishLaunchingWithOptions:",
  "AppDelegate.application:didDiscardSceneSessions:",
  "new UIWindowScene",
}
assert(UIApplication.shared.delegate.discarded == 1)

-- Swiping away a suspended scene app: no callbacks at all.
device.home()
device.kill()
expect.events { "sceneWillResignActive:", "sceneDidEnterBackground:" }
