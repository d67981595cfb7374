-- The scene manifest comes from App/Info.plist, which lifescript.lua names.
local app = require("helpers.app")
main(app.AppDelegate)
print("iOS " .. device.ios())
expect.order { "SceneDelegate.scene:willConnectToSession:options:" }
