-- launch.lua: MyApp's cold launch from the home screen, call by call.
--
-- The configuration is the app's own: the Info.plist and storyboards Xcode builds into MyApp,
-- read from ../MyApp. The classes are MyApp's, mirrored in Lua: each method UIKit calls, named
-- after its Objective-C selector (`scene:willConnectToSession:options:` is
-- scene_willConnectToSession_options), doing what the Swift method does.
--
--   lifescript test LifecycleTests/

Project "../MyApp.xcodeproj"    -- the Info.plist, storyboards and module Xcode builds

local AppDelegate = class("AppDelegate", UIResponder, { "UIApplicationDelegate" })
function AppDelegate:application_didFinishLaunchingWithOptions(application, launchOptions)
  return true
end
function AppDelegate:application_configurationForConnectingSceneSession_options(
    application, session, options)
  return UISceneConfiguration.new("Default Configuration", UIWindowSceneSessionRoleApplication)
end

local SceneDelegate = class("SceneDelegate", UIResponder, { "UIWindowSceneDelegate" })
SceneDelegate.properties = { "window" }                -- var window: UIWindow?
function SceneDelegate:scene_willConnectToSession_options(scene, session, options) end
function SceneDelegate:sceneDidBecomeActive(scene) end

local NotesViewController = class("NotesViewController", UIViewController)
function NotesViewController:viewDidLoad() self.title = "Notes" end

main(AppDelegate)                                      -- @main on AppDelegate

expect.events {
  "screen launch: LaunchScreen.storyboard",            -- UILaunchStoryboardName, before main
  "new UIApplication",
  "new AppDelegate",
  "AppDelegate.application:didFinishLaunchingWithOptions:",
  "AppDelegate.application:configurationForConnectingSceneSession:options:",
  "new UISceneConfiguration",
  "new UIWindowScene",
  "new SceneDelegate",                                 -- MyApp.SceneDelegate, from the manifest
  "new NotesViewController",                           -- Main.storyboard's initial controller
  "NotesViewController.initWithCoder:",
  "NotesViewController.awakeFromNib",
  "SceneDelegate.window",
  "new UIWindow",
  "SceneDelegate.setWindow:",                          -- the storyboard's window, before...
  "UIWindow.setRootViewController:",
  "SceneDelegate.scene:willConnectToSession:options:", -- ...the scene delegate hears of it
  "NotesViewController.loadView",
  "NotesViewController.viewDidLoad",
  "NotesViewController.viewWillAppear:",
  "SceneDelegate.sceneDidBecomeActive:",
  "NotesViewController.viewDidAppear:",
  "screen launch removed",                             -- the app's first frame
}
assert(UIApplication.shared.applicationState == "active")
assert(UIApplication.shared.keyWindow.rootViewController.title == "Notes")
