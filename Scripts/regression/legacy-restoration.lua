-- legacy-restoration.lua: view-controller state restoration without scenes (reference §10.1).
-- Save, on entering the background: should-save (the secure variant wins when both are
-- implemented), willEncode, then each view controller with a restoration identifier path.
-- Restore, at the next launch between will- and didFinishLaunching, after the storyboard's
-- default view controllers exist: should-restore (only when an archive exists), decoding (a
-- view that was loaded at save time is loaded first), didDecode, applicationFinishedRestoringState.
-- The user force-quitting the app deletes the archive; so does should-restore answering NO.
--
--   lifescript run --trace Scripts/regression/legacy-restoration.lua

Info { UIMainStoryboardFile = "Main", CFBundleVersion = "42" }
Storyboard("Main", { initialViewController = { class = "NavigationController", children = { "ListViewController" } } })

local AppDelegate = class("AppDelegate", UIResponder, { "UIApplicationDelegate" })
AppDelegate.properties = { "window" }
local restore, savedVersion = true, nil
function AppDelegate:application_willFinishLaunchingWithOptions(application, options) return true end
function AppDelegate:application_didFinishLaunchingWithOptions(application, options) return true end
function AppDelegate:application_shouldSaveSecureApplicationState(application, coder)
  assert(coder.requiresSecureCoding == true)
  return true
end
function AppDelegate:application_shouldRestoreSecureApplicationState(application, coder)
  savedVersion = coder:decodeObjectForKey("UIApplicationStateRestorationBundleVersionKey")
  return restore
end
-- The deprecated pair: "If your delegate implements both methods, the system only calls this one".
function AppDelegate:application_shouldSaveApplicationState(application, coder) error("superseded") end
function AppDelegate:application_shouldRestoreApplicationState(application, coder) error("superseded") end
function AppDelegate:application_willEncodeRestorableStateWithCoder(application, coder)
  coder:encodeObject_forKey("2026-01-01", "savedOn")
end
function AppDelegate:application_didDecodeRestorableStateWithCoder(application, coder)
  self.savedOn = coder:decodeObjectForKey("savedOn")
end

NavigationController = class("NavigationController", UINavigationController)
function NavigationController:awakeFromNib() self.restorationIdentifier = "navigation" end

ListViewController = class("ListViewController", UIViewController)
function ListViewController:awakeFromNib()
  self.restorationIdentifier = "list"
  self.selected = 0
end
function ListViewController:encodeRestorableStateWithCoder(coder)
  coder:encodeInteger_forKey(self.selected, "selected")
  UIViewController.encodeRestorableStateWithCoder(self, coder)
end
function ListViewController:decodeRestorableStateWithCoder(coder)
  self.selected = coder:decodeIntegerForKey("selected")
end
function ListViewController:applicationFinishedRestoringState() end

main(AppDelegate)
expect.never "application:shouldRestoreSecureApplicationState:"   -- nothing saved yet
expect.order { "application:willFinishLaunchingWithOptions:", "application:didFinishLaunchingWithOptions:" }

-- Save when the app enters the background.
local list = UIApplication.shared.delegate.window.rootViewController.children[1]
list.selected = 7
device.home()
expect.events {
  "AppDelegate.application:shouldSaveSecureApplicationState:",
  "AppDelegate.application:willEncodeRestorableStateWithCoder:",
  "NavigationController.encodeRestorableStateWithCoder:",
  "ListViewController.encodeRestorableStateWithCoder:",
}

-- The system ends the app in the background; the next launch restores.
device.terminate_in_background()
device.activate()
expect.events {
  "new UIApplication",
  "new AppDelegate",
  "new NavigationController",
  "NavigationController.initWithCoder:",
  "new ListViewController",
  "ListViewController.initWithCoder:",
  "NavigationController.awakeFromNib",
  "ListViewController.awakeFromNib",
  "AppDelegate.window",
  "new UIWindow",
  "AppDelegate.setWindow:",
  "UIWindow.setRootViewController:",
  "AppDelegate.application:willFinishLaunchingWithOptions:",
  "AppDelegate.application:shouldRestoreSecureApplicationState:",
  "NavigationController.loadView",          -- its view was loaded when it was saved
  "NavigationController.viewDidLoad",
  "NavigationController.decodeRestorableStateWithCoder:",
  "ListViewController.loadView",            -- so was its top controller's
  "ListViewController.viewDidLoad",
  "ListViewController.decodeRestorableStateWithCoder:",
  "AppDelegate.application:didDecodeRestorableStateWithCoder:",
  "ListViewController.applicationFinishedRestoringState",
  "AppDelegate.application:didFinishLaunchingWithOptions:",
  "NavigationController.viewWillAppear:",
  "ListViewController.viewWillAppear:",
  "NavigationController.viewDidAppear:",
  "ListViewController.viewDidAppear:",
}
local delegate = UIApplication.shared.delegate
assert(delegate.window.rootViewController.children[1].selected == 7)
assert(delegate.savedOn == "2026-01-01" and savedVersion == "42")

-- Force quit: the archive is deleted, so the next launch restores nothing.
device.home()
device.kill()
device.activate()
expect.never "application:shouldRestoreSecureApplicationState:"
expect.order { "application:willFinishLaunchingWithOptions:", "application:didFinishLaunchingWithOptions:" }
assert(UIApplication.shared.delegate.window.rootViewController.children[1].selected == 0)

-- should-restore answering NO deletes the archive: asked once, then never again.
device.home()
device.terminate_in_background()
restore = false
device.activate()
expect.never "ListViewController.decodeRestorableStateWithCoder:"
expect.order { "application:shouldRestoreSecureApplicationState:", "application:didFinishLaunchingWithOptions:" }
device.kill()
device.activate()
expect.never "application:shouldRestoreSecureApplicationState:"
expect.order { "application:didFinishLaunchingWithOptions:" }
