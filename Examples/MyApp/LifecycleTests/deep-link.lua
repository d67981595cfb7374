-- deep-link.lua: myapp://note/42 shows note 42, whether the link launches MyApp or reaches it
-- while it runs. With scenes, UIKit hands a launch's URL to scene(_:willConnectTo:options:) in
-- the connection options and never calls scene(_:openURLContexts:) for it: an app that only
-- implements the second shows nothing when a link launches it.
--
--   lifescript test LifecycleTests/

Project "../MyApp.xcodeproj"    -- its Info.plist declares the URL scheme myapp

local AppDelegate = class("AppDelegate", UIResponder, { "UIApplicationDelegate" })
function AppDelegate:application_didFinishLaunchingWithOptions(application, launchOptions)
  return true
end

local SceneDelegate = class("SceneDelegate", UIResponder, { "UIWindowSceneDelegate" })
SceneDelegate.properties = { "window" }
function SceneDelegate:scene_willConnectToSession_options(scene, session, options)
  local context = options.urlContexts[1]
  if context then self:openNote(context.URL) end
end
function SceneDelegate:scene_openURLContexts(scene, contexts)
  self:openNote(contexts[1].URL)
end
function SceneDelegate:openNote(url)                   -- private func open(_ url: URL)
  if url.host == "note" then
    self.window.rootViewController:showNote(url.path:match("[^/]+$"))
  end
end

local NotesViewController = class("NotesViewController", UIViewController)
function NotesViewController:showNote(id) self.shownNoteID = id end

local function notes() return UIApplication.shared.keyWindow.rootViewController end

main(AppDelegate)
device.kill()                                          -- MyApp is not running

device.open_url("myapp://note/42")                     -- a link launches it
expect.never "scene:openURLContexts:"
assert(notes().shownNoteID == "42", "the link that launched the app shows its note")

device.home()
device.open_url("myapp://note/7")                      -- a link reaches it in the background
expect.order {
  "post UISceneWillEnterForegroundNotification",
  "SceneDelegate.scene:openURLContexts:",
  "post UISceneDidActivateNotification",
}
assert(notes().shownNoteID == "7")
