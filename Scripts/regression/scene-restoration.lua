-- scene-restoration.lua: scene state restoration (reference §10.2). The activity the scene
-- delegate gives when the scene goes to the background comes back, after the system ended the
-- app in the background, in session.stateRestorationActivity and
-- scene(_:restoreInteractionStateWith:) before activation.
--
--   lifescript run --trace Scripts/regression/scene-restoration.lua

Info { UIApplicationSceneManifest = { UISceneConfigurations = { UIWindowSceneSessionRoleApplication = {
  { UISceneConfigurationName = "Default Configuration", UISceneDelegateClassName = "SceneDelegate" } } } } }

local AppDelegate = class("AppDelegate", UIResponder, { "UIApplicationDelegate" })
local asked = 0
function AppDelegate:application_configurationForConnectingSceneSession_options(application, session, options)
  asked = asked + 1
  return UISceneConfiguration.new("Default Configuration", UIWindowSceneSessionRoleApplication)
end

SceneDelegate = class("SceneDelegate", UIResponder, { "UIWindowSceneDelegate" })
local restored
function SceneDelegate:scene_willConnectToSession_options(scene, session, options)
  self.connectedWith = session.stateRestorationActivity
end
function SceneDelegate:stateRestorationActivityForScene(scene)
  return { activityType = "com.example.reading", page = 42 }
end
function SceneDelegate:scene_didUpdateUserActivity(scene, activity) end
function SceneDelegate:scene_restoreInteractionStateWithUserActivity(scene, activity)
  restored = activity.page
end
function SceneDelegate:sceneDidBecomeActive(scene) end

main(AppDelegate)
local identifier = UIApplication.shared.connectedScenes[1].session.persistentIdentifier
expect.never "scene:restoreInteractionStateWithUserActivity:" -- nothing to restore the first time

device.home()                                            -- save (§10.2 save, steps 1 and 3)
expect.order { "post UISceneDidEnterBackgroundNotification", "SceneDelegate.stateRestorationActivityForScene:",
               "SceneDelegate.scene:didUpdateUserActivity:" }

device.terminate_in_background()                         -- the system reclaims memory: no callbacks
expect.events { }
device.activate()                                        -- the session reconnects and restores
expect.order {
  "SceneDelegate.scene:willConnectToSession:options:",
  "SceneDelegate.scene:restoreInteractionStateWithUserActivity:",   -- before activation
  "SceneDelegate.sceneDidBecomeActive:",
}
expect.never "application:configurationForConnectingSceneSession:options:" -- an existing session is not new
local scene = UIApplication.shared.connectedScenes[1]
assert(scene.session.persistentIdentifier == identifier)
assert(scene.delegate.connectedWith.page == 42 and restored == 42 and asked == 1)

-- Before the activity is archived, its delegate's userActivityWillSave: and the
-- updateUserActivityState: of every responder whose userActivity it is bring it up to date,
-- between stateRestorationActivityForScene: and scene:didUpdateUserActivity: (§10.2 save step 2,
-- state-restoration.md §10.3 item 6).
local Reader = class("Reader", UIViewController)
local updated = 0
function Reader:updateUserActivityState(activity)
  updated = updated + 1
  activity.userInfo.page = self.page
end
local Saver = class("Saver", NSObject, { "NSUserActivityDelegate" })
function Saver:userActivityWillSave(activity) end

local reading = NSUserActivity.new("com.example.reading")
reading.delegate = Saver.new()
reading.userInfo = { chapter = 3 }
local reader = Reader.new()
reader.page = 44
reader.userActivity = reading
local other = Reader.new()                               -- manages another activity: not asked
other.userActivity = NSUserActivity.new("com.example.other")
reader:addChildViewController(other)
local window = UIWindow.new{ windowScene = scene }
window.rootViewController = reader
window:makeKeyAndVisible()
function SceneDelegate:stateRestorationActivityForScene(scene) return reading end

expect.order {}
device.home()
expect.order {
  "SceneDelegate.stateRestorationActivityForScene:",
  "Saver.userActivityWillSave:",
  "Reader.updateUserActivityState:",
  "SceneDelegate.scene:didUpdateUserActivity:",
}
assert(updated == 1, "only the responder that manages the saved activity is asked")
device.terminate_in_background()
device.activate()
assert(UIApplication.shared.connectedScenes[1].session.stateRestorationActivity.userInfo.page == 44)
assert(restored == nil)
