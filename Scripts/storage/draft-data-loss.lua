-- draft-data-loss.lua: the data-loss bug lifescript explore looks for, by hand. A note app keeps
-- what the user typed and saves it when it ends; a suspended app is killed without
-- applicationWillTerminate: (Documentation/UIKit/termination.md#when-applicationwillterminate-is-called),
-- so a draft saved only there is lost after home, kill, activate, while one saved when the app
-- enters the background survives (Documentation/UIKit/storage.md#what-survives-what).
--
--   lifescript run --trace Scripts/storage/draft-data-loss.lua

Info {
  CFBundleExecutable = "Notes",
  UIApplicationSceneManifest = {
    UISceneConfigurations = {
      UIWindowSceneSessionRoleApplication = {
        { UISceneConfigurationName = "Default Configuration", UISceneDelegateClassName = "SceneDelegate" },
      },
    },
  },
}

local typed = "Buy milk"
local restored = {}

local AppDelegate = class("AppDelegate", UIResponder, { "UIApplicationDelegate" })
function AppDelegate:application_didFinishLaunchingWithOptions(application, options)
  -- What the relaunched app finds: in user defaults and in its container.
  restored[#restored + 1] = {
    late = UserDefaults.standard:stringForKey("late-draft") or "(none)",
    early = UserDefaults.standard:stringForKey("draft") or "(none)",
    file = storage.read("Documents/draft.txt") or "(none)",
  }
  return true
end
function AppDelegate:applicationWillTerminate(application)
  -- The bug: only here.
  UserDefaults.standard:setObject_forKey(typed, "late-draft")
end

SceneDelegate = class("SceneDelegate", UIResponder, { "UIWindowSceneDelegate" })
function SceneDelegate:sceneDidEnterBackground(scene)
  -- The fix: when the scene leaves the screen.
  UserDefaults.standard:setObject_forKey(typed, "draft")
  storage.write("Documents/draft.txt", typed, { atomic = true })
end

main(AppDelegate)
expect.equal(restored[1], { late = "(none)", early = "(none)", file = "(none)" })

device.home()
expect.order {
  "SceneDelegate.sceneDidEnterBackground:",
  "post NSUserDefaultsDidChangeNotification",
}
device.kill()
expect.never "AppDelegate.applicationWillTerminate:"
device.activate()
expect.equal(restored[2], { late = "(none)", early = typed, file = typed },
  "the suspended app was killed without applicationWillTerminate: only the background save survives")

-- Killed while it runs in front, the app hears applicationWillTerminate: and that save lands too.
device.kill()
expect.order { "AppDelegate.applicationWillTerminate:" }
device.activate()
expect.equal(restored[3], { late = typed, early = typed, file = typed })

-- Deleting the app deletes its container, user defaults included.
device.reinstall()
device.activate()
expect.equal(restored[4], { late = "(none)", early = "(none)", file = "(none)" })
