-- observer-twice-fixed.lua: observer-twice.lua with its bug fixed (Documentation/Reference/explore.md):
-- the scene delegate stops observing in sceneDidEnterBackground:, so it observes once at most.
--
--   lifescript explore Scripts/explore/observer-twice-fixed.lua    # exit 0

Info {
  UIApplicationSceneManifest = {
    UISceneConfigurations = {
      UIWindowSceneSessionRoleApplication = {
        { UISceneConfigurationName = "Default", UISceneDelegateClassName = "SceneDelegate" },
      },
    },
  },
}

local AppDelegate = class("AppDelegate", UIResponder, { "UIApplicationDelegate" })
function AppDelegate:application_didFinishLaunchingWithOptions(application, options)
  return true
end

SceneDelegate = class("SceneDelegate", UIResponder, { "UIWindowSceneDelegate" })
SceneDelegate.properties = { "window", "observations", "handled" }
function SceneDelegate:scene_willConnectToSession_options(scene, session, options)
  self.observations = {}
  self.handled = 0
end
function SceneDelegate:sceneWillEnterForeground(scene)
  local observation = NotificationCenter.default:addObserver("NotesDidChange", function()
    self.handled = self.handled + 1
  end)
  table.insert(self.observations, observation)
end
function SceneDelegate:sceneDidEnterBackground(scene)
  for _, observation in ipairs(self.observations) do
    NotificationCenter.default:removeObserver(observation)
  end
  self.observations = {}
end

-- One change is handled once by each connected scene.
invariant("a change is handled once per scene", function()
  local app = UIApplication.shared
  if app == nil then return true end
  local before = {}
  for _, scene in pairs(app.connectedScenes) do before[scene] = scene.delegate.handled end
  NotificationCenter.default:post("NotesDidChange")
  for _, scene in pairs(app.connectedScenes) do
    if scene.delegate.handled - before[scene] > 1 then return false end
  end
  return true
end)
explore.state(function() return 0 end)
main(AppDelegate)
