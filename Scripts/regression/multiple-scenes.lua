-- multiple-scenes.lua: an app with several windows (UIApplicationSupportsMultipleScenes):
-- UIApplication's notifications follow the aggregate of the scenes (reference §3.6), a closed
-- window's session is discarded at once (§5.2), and requests need multiple-scene support.
--
--   lifescript run --trace Scripts/regression/multiple-scenes.lua

local function manifest(multiple)
  Info {
    UIApplicationSceneManifest = {
      UIApplicationSupportsMultipleScenes = multiple,
      UISceneConfigurations = {
        UIWindowSceneSessionRoleApplication = {
          { UISceneConfigurationName = "Default Configuration", UISceneDelegateClassName = "SceneDelegate" },
        },
      },
    },
  }
end

local AppDelegate = class("AppDelegate", UIResponder, { "UIApplicationDelegate" })
local asked = 0
function AppDelegate:application_configurationForConnectingSceneSession_options(application, session, options)
  asked = asked + 1
  return UISceneConfiguration.new("Default Configuration", UIWindowSceneSessionRoleApplication)
end
function AppDelegate:application_didDiscardSceneSessions(application, sessions)
  self.discarded = (self.discarded or 0) + #sessions
end
SceneDelegate = class("SceneDelegate", UIResponder, { "UIWindowSceneDelegate" })
function SceneDelegate:sceneDidBecomeActive(scene) end
function SceneDelegate:sceneDidDisconnect(scene) end

manifest(true)
main(AppDelegate)
local first = UIApplication.shared.connectedScenes[1]
expect.order { "SceneDelegate.sceneDidBecomeActive:", "post UIApplicationDidBecomeActiveNotification" }

-- A second window: its own delegate and activation, but the app was already active.
local second = device.open_scene()
assert(second ~= first and #UIApplication.shared.connectedScenes == 2 and asked == 2)
expect.events {
  "AppDelegate.application:configurationForConnectingSceneSession:options:",   -- a new session
  "new UISceneConfiguration", "new UIWindowScene", "new SceneDelegate",
  "SceneDelegate.sceneDidBecomeActive:",
}
expect.never "post UIApplicationDidBecomeActiveNotification"

-- Closing one window: disconnected, its session discarded now; the app stays active.
device.close_scene(first)
expect.order { "SceneDelegate.sceneDidDisconnect:", "post UISceneDidDisconnectNotification",
               "AppDelegate.application:didDiscardSceneSessions:" }
assert(UIApplication.shared.delegate.discarded == 1 and #UIApplication.shared.connectedScenes == 1)
assert(UIApplication.shared.applicationState == "active")

-- Home: only the last scene to go to the background posts UIApplication's notification.
device.home()
expect.order { "post UISceneDidEnterBackgroundNotification", "post UIApplicationDidEnterBackgroundNotification" }
device.activate()

-- An existing session is brought back without asking for a configuration again.
UIApplication.shared:requestSceneSessionActivation(second.session, nil, nil, nil)
assert(asked == 2)
device.kill()

-- Without multiple-scene support a request fails, through its error handler.
manifest(false)
main(AppDelegate)
local failure
UIApplication.shared:requestSceneSessionActivation(nil, nil, nil, function(err) failure = err end)
assert(failure.domain == "UISceneErrorDomain" and failure.name == "UISceneErrorCodeMultipleScenesNotSupported")
assert(#UIApplication.shared.connectedScenes == 1)
assert(device.open_scene() == nil)
