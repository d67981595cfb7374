-- Checked against `lifescript types` by tools/check-lua-types.py (TypesCommandTests): every
-- delegate parameter here is used as UIKit types it, and the checker finds nothing to say.
---@class SceneDelegate : UIResponder, UIWindowSceneDelegate
local SceneDelegate = class("SceneDelegate", UIResponder, { "UIWindowSceneDelegate" })

function SceneDelegate:scene_willConnectToSession_options(scene, session, options)
  local first = options.urlContexts[1]
  self.opened = first and first.URL.absoluteString
  self.source = first and first.options.sourceApplication
  self.item = options.shortcutItem and options.shortcutItem.type
  self.role = session.role
  self.window = UIWindow.new { windowScene = scene }
end

function SceneDelegate:scene_openURLContexts(scene, urlContexts)
  self.count = #urlContexts
  for _, context in ipairs(urlContexts) do
    print(scene.activationState, context.URL.host, context.options.openInPlace)
  end
end

function SceneDelegate:windowScene_performActionForShortcutItem_completionHandler(windowScene, shortcutItem, completionHandler)
  self.title = shortcutItem.localizedTitle
  print(windowScene.interfaceOrientation)
  completionHandler(true)
end

---@class UsageAppDelegate : UIResponder, UIApplicationDelegate
local UsageAppDelegate = class("UsageAppDelegate", UIResponder, { "UIApplicationDelegate" })

function UsageAppDelegate:application_didFinishLaunchingWithOptions(application, options)
  local activity = options and options.UIApplicationLaunchOptionsUserActivityDictionaryKey
  self.activityType = activity and activity.UIApplicationLaunchOptionsUserActivityTypeKey
  self.url = options and options.UIApplicationLaunchOptionsURLKey
  return application.applicationState ~= "background"
end

function UsageAppDelegate:application_didReceiveRemoteNotification_fetchCompletionHandler(application, remoteNotification, completionHandler)
  self.payload = remoteNotification
  print(application.applicationState)
  completionHandler("newData")
end

function UsageAppDelegate:application_continueUserActivity_restorationHandler(application, userActivity, restorationHandler)
  self.restoring = true
  restorationHandler({ application.keyWindow })
  return userActivity.activityType == "view"
end

main(UsageAppDelegate)
return SceneDelegate
