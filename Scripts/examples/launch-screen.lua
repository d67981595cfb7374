-- launch-screen.lua: seed 004, the launch-screen half. "Launch screen comes up--this is
-- controlled by the platform. Appears even before the first line of the entry point of the
-- application." The system shows it before main and takes it away at the app's first frame
-- (reference §8); it comes from a storyboard or from Info.plist keys, per URL scheme if the app
-- likes (§8.1); and iOS caches its snapshot, so a changed configuration shows only once the
-- cache is gone (§8.2).
--
--   lifescript run --trace Scripts/examples/launch-screen.lua

local AppDelegate = class("AppDelegate", UIResponder, { "UIApplicationDelegate" })
function AppDelegate:application_didFinishLaunchingWithOptions(application, launchOptions)
  return true
end

local SceneDelegate = class("SceneDelegate", UIResponder, { "UIWindowSceneDelegate" })
SceneDelegate.properties = { "window" }
function SceneDelegate:sceneDidBecomeActive(scene) end

ViewController = class("ViewController", UIViewController)

-- The app's Info.plist, with the launch-screen keys of the moment.
local function info(launchScreenKeys)
  local keys = {
    CFBundleExecutable = "Demo",
    CFBundleURLTypes = { { CFBundleURLSchemes = { "promo" } } },
    UIApplicationSceneManifest = {
      UISceneConfigurations = {
        UIWindowSceneSessionRoleApplication = {
          { UISceneDelegateClassName = "SceneDelegate", UISceneStoryboardFile = "Main" },
        },
      },
    },
  }
  for key, value in pairs(launchScreenKeys) do keys[key] = value end
  Info(keys)
end
Storyboard("Main", { initialViewController = "ViewController" })

-- 1. Storyboard (Xcode's default): LaunchScreen.storyboard, marked "Use as Launch Screen". Its
-- view controller cannot be a class of the app's: Xcode's build error "Launch screens may not
-- set custom classnames" (try `Storyboard("Splash", { initialViewController = "ViewController",
-- launchScreen = true })`).
info { UILaunchStoryboardName = "LaunchScreen" }
Storyboard "fixtures/LaunchScreen.storyboard"

main(AppDelegate)
expect.events {
  "screen launch: LaunchScreen.storyboard",   -- up before main: before UIApplication exists
  "new UIApplication",
  "new AppDelegate",
  "AppDelegate.application:didFinishLaunchingWithOptions:",
  "new UIWindowScene",
  "new SceneDelegate",
  "new ViewController",
  "ViewController.initWithCoder:",
  "ViewController.awakeFromNib",
  "SceneDelegate.window",
  "new UIWindow",
  "SceneDelegate.setWindow:",
  "UIWindow.setRootViewController:",
  "ViewController.loadView",
  "ViewController.viewDidLoad",
  "ViewController.viewWillAppear:",
  "SceneDelegate.sceneDidBecomeActive:",
  "ViewController.viewDidAppear:",
  "screen launch removed",                    -- the first frame: the app's UI replaces it
}

-- 2. A plist configuration (iOS 14+): a background colour and an image from the asset catalog,
-- and a placeholder navigation bar. The developer changes the Info.plist and runs again...
device.kill()
info { UILaunchScreen = { UIColorName = "LaunchBackground", UIImageName = "Logo", UINavigationBar = {} } }
device.activate()
-- ...and still sees the old storyboard: "Launch screen images are also apparently cached by iOS".
expect.order { "screen launch (cached snapshot): LaunchScreen.storyboard", "new UIApplication" }

-- The seed's undocumented hack, built in here:
--   public extension UIApplication {
--       func clearLaunchScreenCache() {
--           try FileManager.default.removeItem(atPath: NSHomeDirectory()+"/Library/SplashBoard")
--       }
--   }
UIApplication.shared:clearLaunchScreenCache()
device.kill()
device.activate()                             -- the next launch draws the screen afresh
expect.order {
  "screen launch: UILaunchScreen {UIColorName=LaunchBackground, UIImageName=Logo, UINavigationBar}",
  "new UIApplication",
  "screen launch removed",
}

-- Deleting and reinstalling the app also clears the cache, with everything else the install
-- kept; device.reinstall ends a running app without callbacks. The new build's launch screen is
-- an empty UILaunchScreen dictionary: a plain .systemBackground screen (what Xcode generates
-- for INFOPLIST_KEY_UILaunchScreen_Generation).
device.reinstall()
expect.never "post UISceneDidDisconnectNotification"   -- no callbacks, no notifications
info { UILaunchScreen = {} }
device.activate()
expect.order { "screen launch: UILaunchScreen {}", "new UIApplication" }

-- 3. A launch screen per URL scheme: UILaunchScreens, a default and a promotion screen for
-- promo:// links.
device.reinstall()
info {
  UILaunchScreens = {
    UILaunchScreenDefinitions = {
      { UILaunchScreenIdentifier = "Main", UIColorName = "LaunchBackground", UIImageName = "Logo" },
      { UILaunchScreenIdentifier = "Promo", UIImageName = "SpringSale", UITabBar = {} },
    },
    UIURLToLaunchScreenAssociations = { promo = "Promo" },
    UIDefaultLaunchScreen = "Main",
  },
}
device.activate()                             -- from the home screen: the default
expect.order { "screen launch: UILaunchScreens Main {UIColorName=LaunchBackground, UIImageName=Logo}" }

-- A launch by a promo:// URL shows the promotion screen, drawn and then cached for that scheme.
device.kill()
device.open_url("promo://spring-sale")
expect.order { "screen launch: UILaunchScreens Promo {UIImageName=SpringSale, UITabBar}", "new UIApplication" }
device.kill()
device.open_url("promo://summer")
expect.order { "screen launch (cached snapshot): UILaunchScreens Promo {UIImageName=SpringSale, UITabBar}" }
device.kill()
device.activate()                             -- the home screen's snapshot is its own
expect.order { "screen launch (cached snapshot): UILaunchScreens Main {UIColorName=LaunchBackground, UIImageName=Logo}" }
