-- launch.lua: an Xcode 10 app-delegate app, launched from its own project. Legacy.xcodeproj
-- (objectVersion 50) names Legacy/Info.plist and the Base.lproj storyboards; no scene manifest,
-- so UIKit makes the window from UIMainStoryboardFile and gives it to the app delegate.
--
--   lifescript run LifecycleTests/launch.lua

Project "../Legacy.xcodeproj"

local AppDelegate = class("AppDelegate", UIResponder, { "UIApplicationDelegate" })
AppDelegate.properties = { "window" }                  -- var window: UIWindow?
function AppDelegate:application_didFinishLaunchingWithOptions(application, launchOptions)
  return true
end

local ViewController = class("ViewController", UIViewController)   -- customModule="Legacy"
function ViewController:viewDidLoad() end

main(AppDelegate)                                      -- @UIApplicationMain

expect.order {
  "screen launch: LaunchScreen.storyboard",            -- UILaunchStoryboardName
  "new UIApplication",
  "new AppDelegate",
  "new ViewController",                                -- Main.storyboard's initial controller
  "AppDelegate.setWindow:",                            -- the storyboard's window, before...
  "AppDelegate.application:didFinishLaunchingWithOptions:",   -- ...the app hears of the launch
  "ViewController.viewDidLoad",
  "post UIApplicationDidBecomeActiveNotification",
  "screen launch removed",
}
assert(Bundle.main.bundleIdentifier == "com.example.Legacy")
assert(Bundle.main:objectForInfoDictionaryKey("CFBundleName") == "Legacy")
assert(Bundle.main.infoDictionary.CFBundleExecutable == "Legacy")
assert(Bundle.main.infoDictionary.MinimumOSVersion == "12.0")  -- IPHONEOS_DEPLOYMENT_TARGET
