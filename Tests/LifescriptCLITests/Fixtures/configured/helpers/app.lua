-- A helper module the scenarios require: not a scenario itself. Its misspelled method gives
-- one warning, shown once for the whole suite.
local AppDelegate = class("AppDelegate", UIResponder, { "UIApplicationDelegate" })
function AppDelegate:application_didFinishLaunchingWithOptions(application, options)
  warn("left out by ignore_warnings in lifescript.lua")
  return true
end
local SceneDelegate = class("SceneDelegate", UIResponder, { "UIWindowSceneDelegate" })
function SceneDelegate:scene_willConnectToSession_options(scene, session, options) end
function SceneDelegate:sceneDidEnterBackground(scene) end
function SceneDelegate:sceneWillResignActiv(scene) end
return { AppDelegate = AppDelegate }
