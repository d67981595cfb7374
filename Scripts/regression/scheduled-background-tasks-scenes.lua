-- scheduled-background-tasks-scenes.lua: BGTaskScheduler in a scene app, as
-- Documentation/UIKit/background-launches.md says (§19.1 "Scenes", §19.4, §19.5): launched into
-- the background for a task, the app delegate registers its handlers in didFinishLaunching and
-- gets the task with no scene connected; the user's tap then connects the scene without a
-- second didFinishLaunching. A handler registered from an observer of
-- UIApplicationDidFinishLaunchingNotification is too late (transistorsoft/flutter_background_fetch
-- issue #414): NSInternalInconsistencyException.
--
--   lifescript run --trace Scripts/regression/scheduled-background-tasks-scenes.lua

device.ios("18.3")
Info {
  UIBackgroundModes = { "fetch" },
  BGTaskSchedulerPermittedIdentifiers = { "com.example.refresh" },
  UIApplicationSceneManifest = { UISceneConfigurations = { UIWindowSceneSessionRoleApplication = {
    { UISceneConfigurationName = "Default Configuration", UISceneDelegateClassName = "SceneDelegate",
      UISceneStoryboardFile = "Main" } } } },
}
Storyboard("Main", { initialViewController = "ViewController" })

local seen = {}
local function note(name) seen[#seen + 1] = name .. " " .. UIApplication.shared.applicationState end

local lateRegistration = false
local AppDelegate = class("AppDelegate", UIResponder, { "UIApplicationDelegate" })
function AppDelegate:application_didFinishLaunchingWithOptions(application, launchOptions)
  note("didFinishLaunching")
  local function refresh(task)
    note("launch " .. task.identifier .. ", " .. #UIApplication.shared.connectedScenes .. " scenes")
    task:setTaskCompletedWithSuccess(true)
  end
  if lateRegistration then
    NotificationCenter.default:addObserver("UIApplicationDidFinishLaunchingNotification", function()
      BGTaskScheduler.shared:registerForTaskWithIdentifier_usingQueue_launchHandler("com.example.refresh", nil, refresh)
    end)
  else
    assert(BGTaskScheduler.shared:registerForTaskWithIdentifier_usingQueue_launchHandler("com.example.refresh", nil, refresh))
  end
  return true
end
function AppDelegate:application_configurationForConnectingSceneSession_options(application, session, options)
  return UISceneConfiguration.new("Default Configuration", UIWindowSceneSessionRoleApplication)
end

SceneDelegate = class("SceneDelegate", UIResponder, { "UIWindowSceneDelegate" })
SceneDelegate.properties = { "window" }
function SceneDelegate:scene_willConnectToSession_options(scene, session, options) end
function SceneDelegate:sceneWillEnterForeground(scene) end
function SceneDelegate:sceneDidBecomeActive(scene) end
function SceneDelegate:sceneDidEnterBackground(scene)
  assert(BGTaskScheduler.shared:submitTaskRequest_error(BGAppRefreshTaskRequest.new("com.example.refresh")))
end

ViewController = class("ViewController", UIViewController)
function ViewController:viewDidLoad() end

main(AppDelegate)
device.home()                              -- the scene submits the request
device.terminate_in_background()
seen = {}
expect.order {}                            -- moves the checkpoint

-- Not running: a background launch with no scene (§19.1 "Scenes").
device.run_background_task("com.example.refresh")
expect.events {
  "new UIApplication",
  "new AppDelegate",
  "AppDelegate.application:didFinishLaunchingWithOptions:",
  "post UIApplicationDidFinishLaunchingNotification",
  "new BGAppRefreshTask",
}
assert(table.concat(seen, "; ") == "didFinishLaunching background; launch com.example.refresh, 0 scenes background")

-- The user opens the app: the session that survived reconnects; no second launch (§19.5).
device.activate()
expect.order {
  "SceneDelegate.scene:willConnectToSession:options:",
  "SceneDelegate.sceneWillEnterForeground:",
  "SceneDelegate.sceneDidBecomeActive:",
}
expect.never "application:didFinishLaunchingWithOptions:"

-- Suspended: woken for the task alone (a scene app's delegate hears no state callback).
device.home()
expect.order {}                            -- moves the checkpoint
device.run_background_task("com.example.refresh")
expect.events { "new BGAppRefreshTask" }

-- Registering from the launch notification's observer is too late (§19.4 item 2).
device.kill()
lateRegistration = true
device.activate()
expect.exception "All launch handlers must be registered before application finishes launching"
