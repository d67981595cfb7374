-- scenes-come-and-go.lua: scenes that disconnect while the app lives, and how they come back
-- (Documentation/UIKit/scenes.md#scenes-that-come-and-go, §3.7). Closing the last window sends
-- the app to the background and discards its session, so the icon connects a new one; a scene
-- the system reclaims keeps its session and its restoration activity, and reconnects with them.
-- Also what the app delegate relies on: the connecting session's role, and the activity of a
-- requestSceneSessionActivation in the new scene's connection options.
--
--   lifescript run --trace Scripts/regression/scenes-come-and-go.lua

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
local roles, configured = {}, 0
function AppDelegate:application_configurationForConnectingSceneSession_options(application, session, options)
  configured = configured + 1
  roles[#roles + 1] = session.role
  -- Xcode's template, word for word: the session's role is known before a configuration exists.
  return UISceneConfiguration.new("Default Configuration", session.role)
end
function AppDelegate:application_didDiscardSceneSessions(application, sessions) end

SceneDelegate = class("SceneDelegate", UIResponder, { "UIWindowSceneDelegate" })
local connections = {}
function SceneDelegate:scene_willConnectToSession_options(scene, session, options)
  connections[#connections + 1] = {
    identifier = session.persistentIdentifier,
    restoring = session.stateRestorationActivity,
    activities = options.userActivities,
  }
end
function SceneDelegate:stateRestorationActivityForScene(scene)
  return { activityType = "com.example.reading", page = 42 }
end
function SceneDelegate:scene_didUpdateUserActivity(scene, activity) end
local restored
function SceneDelegate:scene_restoreInteractionStateWithUserActivity(scene, activity)
  restored = activity.page
end
function SceneDelegate:sceneWillEnterForeground(scene) end
function SceneDelegate:sceneDidBecomeActive(scene) end
function SceneDelegate:sceneWillResignActive(scene) end
function SceneDelegate:sceneDidEnterBackground(scene) end
function SceneDelegate:sceneDidDisconnect(scene) end

-- §3.7 point 1: the template's configuration names a configuration the manifest has.
manifest(false)
main(AppDelegate)
assert(roles[1] == "UIWindowSceneSessionRoleApplication" and configured == 1)
local first = UIApplication.shared.connectedScenes[1]
assert(first.delegate ~= nil and first.session.configuration.role == "UIWindowSceneSessionRoleApplication")
assert(not table.concat(trace(), "\n"):find("no configuration named", 1, true))  -- no fallback log
expect.order { "SceneDelegate.scene:willConnectToSession:options:", "SceneDelegate.sceneDidBecomeActive:" }

-- Closing the only window: the app, with no scene attached, is in the background (§18.1).
device.close_scene(first)
expect.events {
  "SceneDelegate.sceneWillResignActive:",
  "post UISceneWillDeactivateNotification",
  "post UIApplicationWillResignActiveNotification",
  "SceneDelegate.sceneDidDisconnect:",
  "post UISceneDidDisconnectNotification",
  "post UIApplicationDidEnterBackgroundNotification",   -- no scene attached: background
  "AppDelegate.application:didDiscardSceneSessions:",   -- closed in the switcher: discarded
}
assert(UIApplication.shared.applicationState == "background" and #UIApplication.shared.connectedScenes == 0)
assert(first.session.scene == nil and first.activationState == "unattached")

-- The icon: a new session, as for an app with no scene; no launch, the process goes on.
device.activate()
expect.events {
  "AppDelegate.application:configurationForConnectingSceneSession:options:",
  "SceneDelegate.scene:willConnectToSession:options:",
  "SceneDelegate.sceneWillEnterForeground:",
  "SceneDelegate.sceneDidBecomeActive:",
}
assert(connections[2].identifier ~= connections[1].identifier and configured == 2)
assert(UIApplication.shared.applicationState == "active")

-- §3.7 point 3: the system reclaims the scene. In the foreground, it goes to the background
-- first; its state is saved; its session is not discarded.
local second = UIApplication.shared.connectedScenes[1]
local session = second.session
device.reclaim_scene(second)
expect.events {
  "SceneDelegate.sceneWillResignActive:",
  "SceneDelegate.sceneDidEnterBackground:",
  "SceneDelegate.stateRestorationActivityForScene:",
  "SceneDelegate.scene:didUpdateUserActivity:",
  "SceneDelegate.sceneDidDisconnect:",
}
expect.never "application:didDiscardSceneSessions:"
assert(session.scene == nil and session.stateRestorationActivity.page == 42)
assert(UIApplication.shared.applicationState == "background")

-- The icon brings that session back: the same session, no configuration, its state restored
-- before activation.
device.activate()
expect.events {
  "SceneDelegate.scene:willConnectToSession:options:",
  "SceneDelegate.scene:restoreInteractionStateWithUserActivity:",
  "SceneDelegate.sceneWillEnterForeground:",
  "SceneDelegate.sceneDidBecomeActive:",
}
local back = UIApplication.shared.connectedScenes[1]
assert(back ~= second and back.session == session and session.scene == back)
assert(connections[3].identifier == connections[2].identifier and connections[3].restoring.page == 42)
assert(restored == 42 and configured == 2)

-- A scene reclaimed in the background: only the save and the disconnection.
device.home()
expect.order { "SceneDelegate.sceneDidEnterBackground:", "SceneDelegate.stateRestorationActivityForScene:" }
device.reclaim_scene(back)
expect.events {
  "SceneDelegate.stateRestorationActivityForScene:",
  "SceneDelegate.scene:didUpdateUserActivity:",
  "SceneDelegate.sceneDidDisconnect:",
}
expect.never "post UIApplicationDidEnterBackgroundNotification"   -- already in the background
device.kill()                                 -- a swipe-away discards the reclaimed session too

-- §3.7 point 2: the activity the app asks a new window for arrives in its connection options.
manifest(true)
connections = {}
main(AppDelegate)
UIApplication.shared:requestSceneSessionActivation(nil, NSUserActivity.new("com.example.compose"), nil, nil)
expect.order { "AppDelegate.application:didDiscardSceneSessions:",   -- the sessions of the kill
               "AppDelegate.application:configurationForConnectingSceneSession:options:",
               "SceneDelegate.scene:willConnectToSession:options:" }
assert(#UIApplication.shared.connectedScenes == 2)
assert(#connections[1].activities == 0)
assert(connections[2].activities[1].activityType == "com.example.compose")
device.open_scene()                           -- the activity went with that request only
assert(#connections[3].activities == 0)
