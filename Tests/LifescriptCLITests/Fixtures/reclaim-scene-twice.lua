-- A scene the system already reclaimed is not connected: reclaiming it again is an error at the
-- line, exit 2.
Info { UIApplicationSceneManifest = { UIApplicationSupportsMultipleScenes = false } }
main(class("AppDelegate", UIResponder))
local scene = UIApplication.shared.connectedScenes[1]
device.reclaim_scene(scene)
device.reclaim_scene(scene)
