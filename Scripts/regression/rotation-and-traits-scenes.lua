-- rotation-and-traits-scenes.lua: a scene app on iOS 17 and later turns
-- (Documentation/UIKit/layout.md, §17.4 and §17.5): trait-change registrations run after
-- traitCollectionDidChange: and only for the traits they name (Apple's UITraitChangeObservable
-- page), top-down from the window scene (an Apple engineer on the Developer Forums, thread
-- 733301), and the window scene's delegate hears about the new orientation after the fact.
--
--   lifescript run --trace Scripts/regression/rotation-and-traits-scenes.lua

device.ios("18.3")
Info {
  UIApplicationSceneManifest = {
    UIApplicationSupportsMultipleScenes = false,
    UISceneConfigurations = {
      UIWindowSceneSessionRoleApplication = {
        { UISceneConfigurationName = "Default Configuration",
          UISceneDelegateClassName = "SceneDelegate" },
      },
    },
  },
  UILaunchStoryboardName = "LaunchScreen",
}
Storyboard("LaunchScreen", { initialViewController = "UIViewController", launchScreen = true })

local heard = {}
local AppDelegate = class("AppDelegate", UIResponder, { "UIApplicationDelegate" })
function AppDelegate:application_didFinishLaunchingWithOptions(application, options) return true end
function AppDelegate:application_supportedInterfaceOrientationsForWindow(application, window)
  return { "portrait", "landscapeLeft", "landscapeRight" }
end

local SceneDelegate = class("SceneDelegate", UIResponder, { "UIWindowSceneDelegate" })
SceneDelegate.properties = { "window" }
function SceneDelegate:scene_willConnectToSession_options(scene, session, options)
  self.window = UIWindow.new{ windowScene = scene }
  self.window.rootViewController = PlayerViewController.new()
  self.window:makeKeyAndVisible()
  scene:registerForTraitChanges_withHandler({ UITraitVerticalSizeClass }, function(environment, previous)
    heard[#heard + 1] = "scene " .. previous.verticalSizeClass .. " -> " .. environment.traitCollection.verticalSizeClass
  end)
end
function SceneDelegate:windowScene_didUpdateCoordinateSpace_interfaceOrientation_traitCollection(scene, space, orientation, traits)
  heard[#heard + 1] = "scene was " .. orientation .. ", now " .. scene.interfaceOrientation
end

PlayerViewController = class("PlayerViewController", UIViewController)
function PlayerViewController:viewDidLoad()
  self:registerForTraitChanges_withHandler({ UITraitVerticalSizeClass }, function(controller, previous)
    heard[#heard + 1] = "player " .. controller.traitCollection.verticalSizeClass
  end)
  -- Observes a trait a rotation does not change: never called.
  self:registerForTraitChanges_withHandler({ UITraitUserInterfaceStyle }, function()
    heard[#heard + 1] = "style"
  end)
end
function PlayerViewController:traitCollectionDidChange(previous) heard[#heard + 1] = "traitCollectionDidChange" end
function PlayerViewController:viewWillTransitionToSize_withTransitionCoordinator(size, coordinator) end

main(AppDelegate)
assert(#heard == 0)   -- no trait change at launch since iOS 13 (§17.4)
local scene = UIApplication.shared.connectedScenes[1]
assert(scene.interfaceOrientation == "portrait")
expect.order { "PlayerViewController.viewDidAppear:" }

device.rotate("landscapeRight")
expect.events {
  "AppDelegate.application:supportedInterfaceOrientationsForWindow:",
  "PlayerViewController.viewWillTransitionToSize:withTransitionCoordinator:",
  "PlayerViewController.traitCollectionDidChange:",
  "SceneDelegate.windowScene:didUpdateCoordinateSpace:interfaceOrientation:traitCollection:",
}
local expected = {
  "scene regular -> compact", "traitCollectionDidChange", "player compact",
  "scene was portrait, now landscapeLeft",
}
for index, line in ipairs(expected) do assert(heard[index] == line, tostring(heard[index])) end
assert(#heard == #expected)

-- Unregistered, the handler is not called again.
local player = scene.windows[1].rootViewController
local registration = player:registerForTraitChanges_withHandler({ UITraitHorizontalSizeClass, UITraitVerticalSizeClass }, function()
  heard[#heard + 1] = "unregistered"
end)
player:unregisterForTraitChanges(registration)
device.rotate("portrait")
assert(heard[#heard] == "scene was landscapeLeft, now portrait")
for _, line in ipairs(heard) do assert(line ~= "unregistered" and line ~= "style") end
