-- info-alone.lua: the same app from its Info.plist alone, without the project. Nothing sets
-- PRODUCT_MODULE_NAME, so $(PRODUCT_MODULE_NAME).SceneDelegate names no class of the app: UIKit
-- makes no scene delegate and no window. lifescript says so in a warning naming the variable and
-- the fix, rather than let the launch pass quietly.
--
--   lifescript run LifecycleTests/info-alone.lua

Info "../Scenes/Info.plist"
Storyboard "../Scenes/Base.lproj/Main.storyboard"
Storyboard "../Scenes/Base.lproj/LaunchScreen.storyboard"

local AppDelegate = class("AppDelegate", UIResponder, { "UIApplicationDelegate" })
local SceneDelegate = class("SceneDelegate", UIResponder, { "UIWindowSceneDelegate" })
local ViewController = class("ViewController", UIViewController)

main(AppDelegate)
assert(UIApplication.shared.connectedScenes[1].delegate == nil)     -- no scene delegate
