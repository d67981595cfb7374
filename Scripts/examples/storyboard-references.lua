-- storyboard-references.lua: a main storyboard split with storyboard references, as Xcode 7 and
-- later write them (<viewControllerPlaceholder storyboardName=…>). The entry point is a tab bar
-- controller whose second tab is Settings.storyboard's initial view controller and whose third
-- is the controller with Storyboard ID "Profile" in Account.storyboard. UIKit follows those at
-- launch, as it instantiates every relationship child; the Home tab's "showHelp" segue leads to
-- Help.storyboard, which the app does not ship, and nothing happens until the segue is
-- performed (Documentation/Reference/storyboards.md#storyboard-references).
--
--   lifescript run --trace Scripts/examples/storyboard-references.lua

Info {
  CFBundleExecutable = "Shop",
  UIMainStoryboardFile = "Main",
  UILaunchScreen = {},
}
Storyboard "fixtures/references/Main.storyboard"
Storyboard "fixtures/references/Settings.storyboard"   -- found by the name "Settings"
Storyboard "fixtures/references/Account.storyboard"

local AppDelegate = class("AppDelegate", UIResponder, { "UIApplicationDelegate" })
AppDelegate.properties = { "window" }

RootTabBarController = class("RootTabBarController", UITabBarController)
HomeViewController = class("HomeViewController", UIViewController)
SettingsViewController = class("SettingsViewController", UIViewController)
ProfileViewController = class("ProfileViewController", UIViewController)
SignInViewController = class("SignInViewController", UIViewController)

main(AppDelegate)

expect.events {
  "screen launch: UILaunchScreen {}",
  "new UIApplication",
  "new AppDelegate",
  "new RootTabBarController",
  "RootTabBarController.initWithCoder:",
  "new HomeViewController",
  "HomeViewController.initWithCoder:",
  "new UINavigationController",             -- Settings.storyboard's entry point...
  "UINavigationController.initWithCoder:",
  "new SettingsViewController",             -- ...with its root
  "SettingsViewController.initWithCoder:",
  "new ProfileViewController",              -- Account.storyboard's "Profile"
  "ProfileViewController.initWithCoder:",
  "RootTabBarController.awakeFromNib",
  "HomeViewController.awakeFromNib",
  "UINavigationController.awakeFromNib",
  "SettingsViewController.awakeFromNib",
  "ProfileViewController.awakeFromNib",
  "AppDelegate.window",
  "new UIWindow",
  "AppDelegate.setWindow:",
  "UIWindow.setRootViewController:",
  "post UIApplicationDidFinishLaunchingNotification",
  "RootTabBarController.loadView",
  "RootTabBarController.viewDidLoad",
  "RootTabBarController.viewWillAppear:",
  "HomeViewController.loadView",               -- the selected tab appears with its container
  "HomeViewController.viewDidLoad",
  "HomeViewController.viewWillAppear:",
  "post UIApplicationDidBecomeActiveNotification",
  "RootTabBarController.viewDidAppear:",
  "HomeViewController.viewDidAppear:",
  "screen launch removed",
}
local tabs = UIApplication.shared.keyWindow.rootViewController.viewControllers
assert(#tabs == 3)
assert(tabs[2].topViewController:isKindOfClass(SettingsViewController))
assert(tabs[3]:isKindOfClass(ProfileViewController))

-- App code loads a controller by its Storyboard ID: instantiateViewController(withIdentifier:).
local account = UIStoryboard.new("Account")
local signIn = account:instantiateViewControllerWithIdentifier("SignIn")
assert(signIn:isKindOfClass(SignInViewController))
expect.order { "new SignInViewController", "SignInViewController.initWithCoder:",
  "SignInViewController.awakeFromNib" }
local ok, message = pcall(account.instantiateViewControllerWithIdentifier, account, "Nowhere")
assert(not ok, "an unknown Storyboard ID raises")
assert(message:find("doesn't contain a view controller with identifier 'Nowhere'", 1, true), message)
