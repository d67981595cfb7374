-- A silent push to an app delegate without the background-notification method: UIKit skips
-- it, and the failure says so.
Info {
  UIBackgroundModes = { "remote-notification" },
  UIApplicationSceneManifest = { UISceneConfigurations = { UIWindowSceneSessionRoleApplication = {
    { UISceneConfigurationName = "Default Configuration", UISceneDelegateClassName = "SceneDelegate" },
  } } },
}
local AppDelegate = class("AppDelegate", UIResponder, { "UIApplicationDelegate" })
function AppDelegate:application_didFinishLaunchingWithOptions(application, options)
  application:registerForRemoteNotifications()
  return true
end
local SceneDelegate = class("SceneDelegate", UIResponder, { "UIWindowSceneDelegate" })

main(AppDelegate)
device.push({ aps = { ["content-available"] = 1 } }, { content_available = true })
expect.order { "AppDelegate.application:didReceiveRemoteNotification:fetchCompletionHandler:" }
