-- background.lua: MyApp hides its notes whenever it stops being active (the app switcher's
-- snapshot shows nothing private) and saves the draft when it enters the background, so that
-- killing it from the app switcher, which calls nothing, loses nothing.
--
--   lifescript test LifecycleTests/

Project "../MyApp.xcodeproj"    -- the Info.plist, storyboards and module Xcode builds

local drafts = { saves = 0 }                           -- Drafts.shared

local AppDelegate = class("AppDelegate", UIResponder, { "UIApplicationDelegate" })
function AppDelegate:application_didFinishLaunchingWithOptions(application, launchOptions)
  return true
end

local SceneDelegate = class("SceneDelegate", UIResponder, { "UIWindowSceneDelegate" })
SceneDelegate.properties = { "window" }
function SceneDelegate:sceneWillResignActive(scene)
  self.window.rootViewController:hideContent()
end
function SceneDelegate:sceneDidBecomeActive(scene)
  self.window.rootViewController:showContent()
end
function SceneDelegate:sceneDidEnterBackground(scene)
  drafts.saves = drafts.saves + 1
end

local NotesViewController = class("NotesViewController", UIViewController)
function NotesViewController:hideContent() self.view.isHidden = true end
function NotesViewController:showContent() self.view.isHidden = false end

local function notes() return UIApplication.shared.keyWindow.rootViewController end

main(AppDelegate)
assert(not notes().view.isHidden)

device.interrupt()                                     -- an incoming call
expect.order { "sceneDidBecomeActive:", "sceneWillResignActive:" }
expect.never "sceneDidEnterBackground:"
assert(notes().view.isHidden, "hidden while the call is on screen")
assert(drafts.saves == 0, "still in the foreground: nothing saved")

device.end_interruption()                              -- the call ends
assert(not notes().view.isHidden)

device.home()
expect.order {
  "sceneDidBecomeActive:",
  "sceneWillResignActive:",                            -- hidden before the snapshot
  "sceneDidEnterBackground:",                          -- saved before the app is suspended
  "post UIApplicationDidEnterBackgroundNotification",
}
assert(drafts.saves == 1)

device.kill()                                          -- swiped away while suspended
expect.never "sceneDidEnterBackground:"                -- no call: the save above was the last
assert(drafts.saves == 1)
