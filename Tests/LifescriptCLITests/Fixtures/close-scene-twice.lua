-- A scene the user already closed cannot be closed again: an error at the line, exit 2.
Info { UIApplicationSceneManifest = { UIApplicationSupportsMultipleScenes = true } }
main(class("AppDelegate", UIResponder))
local second = device.open_scene()
device.close_scene(second)
device.close_scene(second)
