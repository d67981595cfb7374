-- open-url-scenes.lua: opening a URL in a scene app (reference §6.2), cold and warm.
-- Cold: the app delegate's launch options are nil; UIScene.ConnectionOptions carries the URL
-- in urlContexts, to configurationForConnecting and scene(_:willConnectTo:options:), and
-- scene(_:openURLContexts:) is NOT called for it. Warm: scene(_:openURLContexts:) between
-- sceneWillEnterForeground and sceneDidBecomeActive (INFERRED order).
--
--   lifescript run --trace Scripts/regression/open-url-scenes.lua

Info {
  CFBundleURLTypes = { { CFBundleURLSchemes = { "demo" } } },
  UIApplicationSceneManifest = { UISceneConfigurations = { UIWindowSceneSessionRoleApplication = {
    { UISceneConfigurationName = "Default Configuration", UISceneDelegateClassName = "SceneDelegate" } } } },
}

local AppDelegate = class("AppDelegate", UIResponder, { "UIApplicationDelegate" })
local launchOptions, configuredWith
function AppDelegate:application_didFinishLaunchingWithOptions(application, options)
  launchOptions = options
  return true
end
function AppDelegate:application_openURL_options(application, url, options)
  error("UIKit does not call application(_:open:options:) when scenes are in use")
end
function AppDelegate:application_configurationForConnectingSceneSession_options(application, session, options)
  configuredWith = options.urlContexts
  return UISceneConfiguration.new("Default Configuration", UIWindowSceneSessionRoleApplication)
end

SceneDelegate = class("SceneDelegate", UIResponder, { "UIWindowSceneDelegate" })
local connectedWith, opened
function SceneDelegate:scene_willConnectToSession_options(scene, session, options)
  connectedWith = options
end
function SceneDelegate:scene_openURLContexts(scene, contexts)
  opened = { contexts = contexts, state = scene.activationState }
end
function SceneDelegate:sceneWillEnterForeground(scene) end
function SceneDelegate:sceneDidBecomeActive(scene) end
function SceneDelegate:sceneWillResignActive(scene) end
function SceneDelegate:sceneDidEnterBackground(scene) end

-- From the home screen: empty connection options.
main(AppDelegate)
assert(#connectedWith.urlContexts == 0 and connectedWith.shortcutItem == nil)
assert(#connectedWith.userActivities == 0 and connectedWith.handoffUserActivityType == nil)
device.kill()
expect.order { "post UIApplicationWillTerminateNotification" }

-- Cold.
device.open_url("demo://item/7", { sourceApplication = "com.apple.mobilesafari", openInPlace = true })
expect.never "scene:openURLContexts:"                    -- not for the launching URL
expect.events {
  "new UIApplication",
  "new AppDelegate",
  "AppDelegate.application:didFinishLaunchingWithOptions:",
  "post UIApplicationDidFinishLaunchingNotification",
  "AppDelegate.application:configurationForConnectingSceneSession:options:",
  "new UISceneConfiguration",
  "new UIWindowScene",
  "new SceneDelegate",
  "SceneDelegate.scene:willConnectToSession:options:",
  "post UISceneWillConnectNotification",
  "SceneDelegate.sceneWillEnterForeground:",
  "post UISceneWillEnterForegroundNotification",
  "post UIApplicationWillEnterForegroundNotification",
  "SceneDelegate.sceneDidBecomeActive:",
  "post UISceneDidActivateNotification",
  "post UIApplicationDidBecomeActiveNotification",
}
assert(launchOptions == nil)                             -- "If the app supports scenes, this is nil"
assert(#configuredWith == 1 and configuredWith[1].URL.absoluteString == "demo://item/7")
local context = connectedWith.URLContexts[1]
assert(#connectedWith.URLContexts == 1 and context.URL.host == "item")
assert(context.options.sourceApplication == "com.apple.mobilesafari" and context.options.openInPlace == true)
assert(opened == nil)

-- Warm, in the background.
device.home()
expect.events { "sceneWillResignActive:", "sceneDidEnterBackground:" }
device.open_url("demo://item/8")
expect.events {
  "SceneDelegate.sceneWillEnterForeground:",
  "post UISceneWillEnterForegroundNotification",
  "post UIApplicationWillEnterForegroundNotification",
  "SceneDelegate.scene:openURLContexts:",
  "SceneDelegate.sceneDidBecomeActive:",
  "post UISceneDidActivateNotification",
  "post UIApplicationDidBecomeActiveNotification",
}
assert(#opened.contexts == 1 and opened.contexts[1].URL.path == "/8")
assert(opened.state == "foregroundInactive")
assert(opened.contexts[1].options.sourceApplication == nil)

-- Warm, active: it resigns active around the URL (INFERRED, as without scenes).
device.open_url("demo://item/9")
expect.never "application:openURL:options:"             -- not called when scenes are in use
expect.events {
  "SceneDelegate.sceneWillResignActive:",
  "SceneDelegate.scene:openURLContexts:",
  "SceneDelegate.sceneDidBecomeActive:",
}
