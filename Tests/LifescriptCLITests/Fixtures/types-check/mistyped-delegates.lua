-- Checked against `lifescript types` by tools/check-lua-types.py (TypesCommandTests): each
-- mistake here is one the checker must report, so the check is known to look.
---@class WrongDelegate : UIResponder, UIWindowSceneDelegate, UIApplicationDelegate
local WrongDelegate = class("WrongDelegate", UIResponder, { "UIWindowSceneDelegate" })

function WrongDelegate:scene_openURLContexts(scene, urlContexts)
  self.x = urlContexts[1].URL.nonexistent
  self.y = scene
end

function WrongDelegate:windowScene_performActionForShortcutItem_completionHandler(windowScene, shortcutItem, completionHandler)
  self.z = windowScene and shortcutItem
  completionHandler("yes")
end

function WrongDelegate:application_didFinishLaunchingWithOptions(application, options)
  self.w = options.UIApplicationLaunchOptionsURLKey.frob
  return application
end
