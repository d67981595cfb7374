-- A scene delegate method that raises: named with its scene delegate and virtual time.
Info { UIApplicationSceneManifest = { UISceneConfigurations = { UIWindowSceneSessionRoleApplication = {
  { UISceneDelegateClassName = "SceneDelegate" } } } } }
SceneDelegate = class("SceneDelegate", UIResponder, { "UIWindowSceneDelegate" })
function SceneDelegate:sceneDidEnterBackground(scene)
  error("could not save the draft")
end
main(class("AppDelegate", UIResponder))
wait(12.5)
device.home()
