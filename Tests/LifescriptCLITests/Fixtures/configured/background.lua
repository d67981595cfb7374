-- Home: the scene goes to the background.
local app = require "helpers.app"
main(app.AppDelegate)
device.home()
expect.order { "SceneDelegate.sceneDidEnterBackground:" }
