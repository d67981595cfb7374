-- storyboard-messages.lua: the console messages of a legacy storyboard launch (reference §7.5).
--
--   lifescript run --trace Scripts/regression/storyboard-messages.lua

-- The delegate has no window property: logged, black screen, no crash.
Info { UIMainStoryboardFile = "Main", NSMainNibFile = "MainWindow" }
Storyboard("Main", { initialViewController = "UIViewController" })
local NoWindow = class("NoWindow", UIResponder)
UIApplicationMain(nil, "NoWindow")
expect.log "NSMainNibFile and UIMainStoryboardFile are both set. NSMainNibFile ignored."
expect.log "[Application] The app delegate must implement the window property if it wants to use a main storyboard file."
expect.never "new UIWindow"
assert(UIApplication.shared.applicationState == "active", "the app still runs")
device.kill()

-- No entry point in the storyboard: logged, and the launch goes on.
Info { UIMainStoryboardFile = "Empty" }
Storyboard("Empty", { })
local Delegate = class("Delegate", UIResponder)
Delegate.properties = { "window" }
UIApplicationMain(nil, "Delegate")
expect.log "[Application] Failed to instantiate the default view controller for UIMainStoryboardFile 'Empty' - perhaps the designated entry point is not set?"
device.kill()

-- The Info.plist names the delegate, with Xcode's build variable; the window exists already.
Info {
  CFBundleExecutable = "Demo",
  UIMainStoryboardFile = "Main",
  UIApplicationDelegateClass = "$(PRODUCT_MODULE_NAME).Delegate",
}
function Delegate:init() self.window = UIWindow.new() end
UIApplicationMain(nil, nil)
expect.order { "new Delegate", "new UIWindow", "new UIViewController", "Delegate.window", "UIWindow.setRootViewController:" }
expect.never "Delegate.setWindow:"
