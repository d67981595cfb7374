-- actions-and-skipped.lua: what the scenario did and what UIKit skipped, as trace lines
-- (Documentation/Reference/scenario-language.md#user-actions-in-the-trace and #what-uikit-skipped).
-- `device home` and `wait 30 s` are lines of their own; expectations leave them out unless
-- they name them, so the expectations below read as they would without them. UIKit asks the
-- scene delegate whether it implements scene(_:openURLContexts:) and, as it does not, skips
-- it: `skipped SceneDelegate.scene:openURLContexts: (not implemented)`.
--
--   lifescript run --trace Scripts/regression/actions-and-skipped.lua
--   lifescript run --trace-all Scripts/regression/actions-and-skipped.lua

Info {
  CFBundleURLTypes = { { CFBundleURLSchemes = { "demo" } } },
  UIApplicationSceneManifest = { UISceneConfigurations = { UIWindowSceneSessionRoleApplication = {
    { UISceneConfigurationName = "Default Configuration", UISceneDelegateClassName = "SceneDelegate" } } } },
}

local AppDelegate = class("AppDelegate", UIResponder, { "UIApplicationDelegate" })
function AppDelegate:application_didFinishLaunchingWithOptions(application, options) return true end

local SceneDelegate = class("SceneDelegate", UIResponder, { "UIWindowSceneDelegate" })
function SceneDelegate:sceneDidBecomeActive(scene) end
function SceneDelegate:sceneDidEnterBackground(scene) end

main(AppDelegate)
expect.settled()

-- Expectations that name no action see none.
device.home()
expect.events { "SceneDelegate.sceneDidEnterBackground:" }

-- Named whole, an action is matched like any other line.
wait(30)
device.open_url("demo://item/7")
expect.order { "wait 30 s", "device open_url demo://item/7", "SceneDelegate.sceneDidBecomeActive:" }

-- A list that names one action compares every action since the checkpoint.
device.home()
device.activate()
expect.events {
  "device home", "SceneDelegate.sceneDidEnterBackground:", "device activate",
  "SceneDelegate.sceneDidBecomeActive:",
}

-- What UIKit skipped is matched only when written whole; a bare selector matches what was sent.
device.open_url("demo://item/8")
expect.never "scene:openURLContexts:"
expect.called("skipped SceneDelegate.scene:openURLContexts: (not implemented)", { times = 1 })
expect.order {
  "device open_url demo://item/8",
  "skipped SceneDelegate.scene:openURLContexts: (not implemented)",
}

-- trace() and golden files are what expectations compare: no actions, nothing skipped.
for _, line in ipairs(trace()) do
  local action = line:find("^device ") and not line:find("%(ignored: ")
  assert(not action and not line:find("^skipped ") and not line:find("^wait "), line)
end
