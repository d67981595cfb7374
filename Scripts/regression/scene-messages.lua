-- scene-messages.lua: the console messages of a scene launch that is configured wrongly
-- (reference §7.5, §7.6). Each is logged; the app keeps running with a black screen.
--
--   lifescript run --trace Scripts/regression/scene-messages.lua

local function manifest(configuration)
  configuration.UISceneConfigurationName = configuration.UISceneConfigurationName or "Default Configuration"
  Info {
    CFBundleExecutable = "Xcode12Sandbox",
    UIApplicationSceneManifest = {
      UISceneConfigurations = { UIWindowSceneSessionRoleApplication = { configuration } },
    },
  }
end
local AppDelegate = class("AppDelegate", UIResponder, { "UIApplicationDelegate" })
Storyboard("Main", { initialViewController = "UIViewController" })
NotASceneDelegate = class("NotASceneDelegate", UIResponder)
NotAScene = class("NotAScene", UIResponder)

-- The real log of §7.6 (Xcode12Sandbox, 2020): a delegate class that cannot be loaded, then the
-- storyboard cannot get a window.
manifest { UISceneConfigurationName = "(no name)", UISceneDelegateClassName = "$(PRODUCT_MODULE_NAME).SceneDelegate",
           UISceneStoryboardFile = "Main" }
main(AppDelegate)
expect.log "[SceneConfiguration] Info.plist configuration \"(no name)\" for UIWindowSceneSessionRoleApplication contained UISceneDelegateClassName key, but could not load class with name \"Xcode12Sandbox.SceneDelegate\"."
expect.log "[WindowScene] There is no scene delegate set. A scene delegate class must be specified to use a main storyboard file."
assert(UIApplication.shared.applicationState == "active")
device.kill()

manifest { UISceneDelegateClassName = "NotASceneDelegate" }
main(AppDelegate)
expect.log "contained UISceneDelegateClassName, \"NotASceneDelegate\", but it does not conform to the UISceneDelegate protocol."
device.kill()

manifest { UISceneClassName = "Missing" }
main(AppDelegate)
expect.log "contained UISceneClassName key, but could not load class with name \"Missing\"."
expect.order { "new UIWindowScene" }
device.kill()

manifest { UISceneClassName = "NotAScene" }
main(AppDelegate)
expect.log "contained UISceneClassName, \"NotAScene\", but it is not a subclass of UIScene."
device.kill()

manifest { UISceneStoryboardFile = "Nowhere" }
main(AppDelegate)
expect.log "contained UIMainStoryboardFile key, but could not find storyboard with name Nowhere."
device.kill()

-- A scene delegate without a window property, with a storyboard.
NoWindow = class("NoWindow", UIResponder, { "UIWindowSceneDelegate" })
manifest { UISceneDelegateClassName = "NoWindow", UISceneStoryboardFile = "Main" }
main(AppDelegate)
expect.log "[WindowScene] The scene delegate must implement the window property if it wants to use a main storyboard file."
device.kill()

-- A storyboard without an entry point: the same text as the legacy message, category WindowScene.
Storyboard("Empty", { })
WithWindow = class("WithWindow", UIResponder, { "UIWindowSceneDelegate" })
WithWindow.properties = { "window" }
manifest { UISceneDelegateClassName = "WithWindow", UISceneStoryboardFile = "Empty" }
main(AppDelegate)
expect.log "[WindowScene] Failed to instantiate the default view controller for UIMainStoryboardFile 'Empty' - perhaps the designated entry point is not set?"
