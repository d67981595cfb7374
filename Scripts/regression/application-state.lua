-- application-state.lua: what UIApplication.shared.applicationState (and a scene's
-- activationState) reads inside every callback, for an app without scenes and a scene app,
-- row by row as the tables of Documentation/UIKit/application-state.md say (§18.2, §18.3):
-- a will… callback reads the state it leaves, a did… callback the state it reaches, and a scene
-- app reads background until its first scene is attached.
--
--   lifescript run --trace Scripts/regression/application-state.lua

device.ios("18.3")                   -- before iOS 26 deprecates the app-delegate state methods

local seen = {}
local function note(name, scene)
  local line = name .. " " .. UIApplication.shared.applicationState
  if scene then line = line .. " " .. scene.activationState end
  seen[#seen + 1] = line
end

-- The lines noted since the last check are exactly `expected`.
local function reads(expected)
  local actual = table.concat(seen, "\n")
  seen = {}
  assert(actual == table.concat(expected, "\n"),
    "\nexpected:\n" .. table.concat(expected, "\n") .. "\nactual:\n" .. actual)
end

-- What every app delegate reads at launch, memory warnings and termination.
local function launchCallbacks(Delegate)
  function Delegate:application_willFinishLaunchingWithOptions(application, options)
    note("willFinishLaunching")
    return true
  end
  function Delegate:application_didFinishLaunchingWithOptions(application, options)
    note("didFinishLaunching")
    return true
  end
  function Delegate:applicationDidReceiveMemoryWarning(application) note("memoryWarning") end
  function Delegate:applicationWillTerminate(application) note("applicationWillTerminate") end
end

local AppDelegate = class("AppDelegate", UIResponder, { "UIApplicationDelegate" })
launchCallbacks(AppDelegate)
AppDelegate.properties = { "window" }
function AppDelegate:applicationDidBecomeActive(application) note("applicationDidBecomeActive") end
function AppDelegate:applicationWillResignActive(application) note("applicationWillResignActive") end
function AppDelegate:applicationDidEnterBackground(application) note("applicationDidEnterBackground") end
function AppDelegate:applicationWillEnterForeground(application) note("applicationWillEnterForeground") end

ViewController = class("ViewController", UIViewController)
function ViewController:viewWillAppear(animated) note("viewWillAppear") end
function ViewController:viewDidAppear(animated) note("viewDidAppear") end

-- §18.2: without scenes, a main storyboard.
Info { UIMainStoryboardFile = "Main" }
Storyboard("Main", { initialViewController = "ViewController" })
main(AppDelegate)
reads {
  "willFinishLaunching inactive",
  "didFinishLaunching inactive",
  "viewWillAppear inactive",                -- the launch deactivation lasts until activation
  "applicationDidBecomeActive active",
  "viewDidAppear active",                   -- legacy-activation: between will- and didAppear
}
device.home()
reads { "applicationWillResignActive active", "applicationDidEnterBackground background" }
device.activate()
reads { "applicationWillEnterForeground background", "applicationDidBecomeActive active" }
device.interrupt()                          -- a call
device.memory_warning()
device.end_interruption()
device.memory_warning()
reads {
  "applicationWillResignActive active",
  "memoryWarning inactive",                 -- the interruption is in progress
  "applicationDidBecomeActive active",
  "memoryWarning active",
}
device.kill()
reads { "applicationWillResignActive active", "applicationWillTerminate background" }

-- §18.3: with scenes.
Info {
  UIApplicationSceneManifest = {
    UIApplicationSupportsMultipleScenes = false,
    UISceneConfigurations = {
      UIWindowSceneSessionRoleApplication = {
        { UISceneConfigurationName = "Default Configuration",
          UISceneDelegateClassName = "SceneDelegate",
          UISceneStoryboardFile = "Main" },
      },
    },
  },
}
local SceneAppDelegate = class("SceneAppDelegate", UIResponder, { "UIApplicationDelegate" })
launchCallbacks(SceneAppDelegate)
function SceneAppDelegate:application_configurationForConnectingSceneSession_options(application, session, options)
  note("configurationForConnecting")
  return UISceneConfiguration.new("Default Configuration", UIWindowSceneSessionRoleApplication)
end

SceneDelegate = class("SceneDelegate", UIResponder, { "UIWindowSceneDelegate" })
SceneDelegate.properties = { "window" }
function SceneDelegate:scene_willConnectToSession_options(scene, session, options)
  note("willConnect", scene)
end
function SceneDelegate:sceneWillEnterForeground(scene) note("sceneWillEnterForeground", scene) end
function SceneDelegate:sceneDidBecomeActive(scene) note("sceneDidBecomeActive", scene) end
function SceneDelegate:sceneWillResignActive(scene) note("sceneWillResignActive", scene) end
function SceneDelegate:sceneDidEnterBackground(scene) note("sceneDidEnterBackground", scene) end
function SceneDelegate:sceneDidDisconnect(scene) note("sceneDidDisconnect", scene) end

main(SceneAppDelegate)
reads {
  "willFinishLaunching background",         -- no scene is attached yet
  "didFinishLaunching background",
  "configurationForConnecting background",
  "willConnect background unattached",
  "viewWillAppear background",              -- scene-appearance: during the connection
  "sceneWillEnterForeground background background",
  "sceneDidBecomeActive active foregroundActive",
  "viewDidAppear active",
}
device.home()
reads {
  "sceneWillResignActive active foregroundActive",
  "sceneDidEnterBackground background background",
}
device.activate()
reads {
  "sceneWillEnterForeground background background",
  "sceneDidBecomeActive active foregroundActive",
}
device.interrupt()
device.memory_warning()
device.end_interruption()
reads {
  "sceneWillResignActive active foregroundActive",
  "memoryWarning inactive",
  "sceneDidBecomeActive active foregroundActive",
}
device.kill()
reads {
  "sceneWillResignActive active foregroundActive",
  "sceneDidDisconnect background unattached",   -- the scene is gone before the app terminates
  "applicationWillTerminate background",
}
