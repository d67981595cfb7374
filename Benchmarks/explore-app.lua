-- The explorer benchmark's app (Benchmarks/run): a scene app with a URL scheme and a quick
-- action, about a dozen events enabled in each state, and no explore.state, so every path of
-- the search runs.
Info {
  UIApplicationSceneManifest = {
    UISceneConfigurations = {
      UIWindowSceneSessionRoleApplication = {
        { UISceneConfigurationName = "Default", UISceneDelegateClassName = "SceneDelegate" },
      },
    },
  },
  CFBundleURLTypes = { { CFBundleURLSchemes = { "notes" } } },
  UIApplicationShortcutItems = { { UIApplicationShortcutItemType = "new-note" } },
}
local AppDelegate = class("AppDelegate", UIResponder, { "UIApplicationDelegate" })
function AppDelegate:application_didFinishLaunchingWithOptions(application, options) return true end
SceneDelegate = class("SceneDelegate", UIResponder, { "UIWindowSceneDelegate" })
SceneDelegate.properties = { "window", "opened" }
function SceneDelegate:scene_willConnectToSession_options(scene, session, options)
  self.window = UIWindow.new(scene)
  self.window.rootViewController = UIViewController.new()
  self.window:makeKeyAndVisible()
  self.opened = 0
end
function SceneDelegate:scene_openURLContexts(scene, contexts) self.opened = self.opened + 1 end
invariant("a window while in front", function()
  local app = UIApplication.shared
  if app == nil then return true end
  for _, scene in pairs(app.connectedScenes) do
    if scene.delegate.window == nil then return false end
  end
  return true
end)
main(AppDelegate)
