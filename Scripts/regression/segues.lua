-- segues.lua: storyboard segues in a real-format storyboard (Xcode 16), end to end
-- (Documentation/UIKit/presentation.md#segues): an embed segue when the container's view
-- loads, a button's show segue the user taps (shouldPerformSegueWithIdentifier:sender: first,
-- then the destination, prepareForSegue:sender:, the push), unwind segues up a navigation
-- stack and out of a presentation, segues app code performs by identifier, and UIKit's
-- exception for an identifier the controller has no segue for.
--
--   lifescript run --trace Scripts/regression/segues.lua

device.ios("18.3")
Info { CFBundleExecutable = "Notes", UIMainStoryboardFile = "Main" }
Storyboard "fixtures/segues/Main.storyboard"

local AppDelegate = class("AppDelegate", UIResponder, { "UIApplicationDelegate" })
AppDelegate.properties = { "window" }
function AppDelegate:application_didFinishLaunchingWithOptions(application, options) return true end

local prepared = {}
HomeViewController = class("HomeViewController", UIViewController)
function HomeViewController:prepareForSegue_sender(segue, sender)
  -- The destination exists, its view does not yet (§16.4 step 3).
  prepared[#prepared + 1] = {
    identifier = segue.identifier, source = segue.sourceViewController,
    destination = segue.destination, loaded = segue.destinationViewController.isViewLoaded,
    sender = sender,
  }
end
function HomeViewController:shouldPerformSegueWithIdentifier_sender(identifier, sender)
  return not self.locked
end
function HomeViewController:unwindToNotes(segue) self.unwoundFrom = segue.source end
BannerViewController = class("BannerViewController", UIViewController)
NoteViewController = class("NoteViewController", UIViewController)
function NoteViewController:prepareForSegue_sender(segue, sender) self.leaving = segue end
AboutViewController = class("AboutViewController", UIViewController)
SettingsViewController = class("SettingsViewController", UITableViewController)
ComposeViewController = class("ComposeViewController", UIViewController)

-- The launch: the container's embed segue runs between its loadView and its viewDidLoad; the
-- banner, a child whose view is in the container's view, appears with it.
main(AppDelegate)
expect.order {
  "HomeViewController.loadView",
  "new BannerViewController", "BannerViewController.initWithCoder:", "BannerViewController.awakeFromNib",
  "HomeViewController.prepareForSegue:sender:",
  "BannerViewController.loadView", "BannerViewController.viewDidLoad",
  "HomeViewController.viewDidLoad",
  "HomeViewController.viewWillAppear:", "BannerViewController.viewWillAppear:",
  "HomeViewController.viewDidAppear:", "BannerViewController.viewDidAppear:",
}
local navigation = UIApplication.shared.keyWindow.rootViewController
local home = navigation.topViewController
local banner = home.children[1]
assert(banner:isKindOfClass(BannerViewController) and banner.parentViewController == home)
assert(prepared[1].identifier == "embedBanner" and prepared[1].destination == banner)
assert(prepared[1].sender == home)
-- Controllers a storyboard made know it; all of one instantiation share one storyboard.
assert(home.storyboard ~= nil and home.storyboard == navigation.storyboard)
assert(UIViewController.new().storyboard == nil)
expect.order {}

-- The user taps the "Open note" button: asked first, then the push of a show segue.
device.tap_segue(home, "showNote")
expect.events {
  "HomeViewController.shouldPerformSegueWithIdentifier:sender:",
  "new NoteViewController", "NoteViewController.initWithCoder:", "NoteViewController.awakeFromNib",
  "HomeViewController.prepareForSegue:sender:",
  "NoteViewController.loadView", "NoteViewController.viewDidLoad",
  "HomeViewController.viewWillDisappear:", "BannerViewController.viewWillDisappear:",
  "NoteViewController.viewWillAppear:",
  "HomeViewController.viewDidDisappear:", "BannerViewController.viewDidDisappear:",
  "NoteViewController.viewDidAppear:",
}
local note = navigation.topViewController
assert(note:isKindOfClass(NoteViewController) and note.storyboard == home.storyboard)
assert(prepared[2].identifier == "showNote" and prepared[2].source == home)
assert(prepared[2].destination == note and not prepared[2].loaded)
assert(prepared[2].sender:isKindOfClass(UIButton))  -- the button is the sender

-- Its "Back to notes" button unwinds: UIKit looks for a controller that wants unwindToNotes:
-- up from the note (the navigation controller's other children, the newest first), then the
-- note's prepare, the action, and the navigation controller pops.
device.tap_segue(note, "Btn-Bck-001")
expect.events {
  "NoteViewController.shouldPerformSegueWithIdentifier:sender:",
  "BannerViewController.canPerformUnwindSegueAction:fromViewController:sender:",
  "HomeViewController.canPerformUnwindSegueAction:fromViewController:sender:",
  "NoteViewController.prepareForSegue:sender:",
  "HomeViewController.unwindToNotes:",
  "UINavigationController.unwindForSegue:towardsViewController:",
  "NoteViewController.viewWillDisappear:",
  "HomeViewController.viewWillAppear:", "BannerViewController.viewWillAppear:",
  "NoteViewController.viewDidDisappear:",
  "HomeViewController.viewDidAppear:", "BannerViewController.viewDidAppear:",
}
assert(home.unwoundFrom == note and note.leaving.destination == home)
assert(navigation.topViewController == home and #navigation.viewControllers == 1)

-- A control is not asked when the source says no.
home.locked = true
device.tap_segue(home, "showNote")
expect.events { "HomeViewController.shouldPerformSegueWithIdentifier:sender:" }
home.locked = false

-- App code performs a segue by identifier: no shouldPerform; this one does not animate.
home:performSegueWithIdentifier_sender("showAbout", nil)
expect.never "shouldPerformSegueWithIdentifier:sender:"
expect.order { "new AboutViewController", "HomeViewController.prepareForSegue:sender:", "AboutViewController.viewDidAppear:" }
navigation:popViewControllerAnimated(false)
expect.order {}

-- performSegue works for a control's segue too, and for an unwind segue of the controller.
home:performSegueWithIdentifier_sender("showNote", home)
note = navigation.topViewController
expect.order {}
note:performSegueWithIdentifier_sender("saveNote", nil)
expect.never "shouldPerformSegueWithIdentifier:sender:"
expect.order { "HomeViewController.unwindToNotes:", "HomeViewController.viewDidAppear:" }
assert(navigation.topViewController == home)

-- A button's segue without an identifier, named by the button's id: a full-screen
-- presentation of a navigation controller; its Done button unwinds out of it, through the
-- dismissal.
device.tap_segue(home, "Btn-Set-001")
expect.never "shouldPerformSegueWithIdentifier:sender:"   -- no identifier, not asked
expect.order {
  "HomeViewController.prepareForSegue:sender:",
  "UINavigationController.viewWillDisappear:", "HomeViewController.viewWillDisappear:",
  "SettingsViewController.viewWillAppear:", "SettingsViewController.viewDidAppear:",
}
assert(prepared[#prepared].identifier == nil)
local settingsNavigation = home.presentedViewController
local settings = settingsNavigation.topViewController
assert(settingsNavigation.presentingViewController == navigation)
device.tap_segue(settings, "closeSettings")
expect.events {
  "SettingsViewController.shouldPerformSegueWithIdentifier:sender:",
  "UINavigationController.canPerformUnwindSegueAction:fromViewController:sender:",
  "BannerViewController.canPerformUnwindSegueAction:fromViewController:sender:",
  "HomeViewController.canPerformUnwindSegueAction:fromViewController:sender:",
  "SettingsViewController.prepareForSegue:sender:",
  "HomeViewController.unwindToNotes:",
  "UINavigationController.unwindForSegue:towardsViewController:",
  "UINavigationController.viewWillDisappear:", "SettingsViewController.viewWillDisappear:",
  "UINavigationController.viewWillAppear:", "HomeViewController.viewWillAppear:",
  "BannerViewController.viewWillAppear:",
  "UINavigationController.viewDidAppear:", "HomeViewController.viewDidAppear:",
  "BannerViewController.viewDidAppear:",
  "UINavigationController.viewDidDisappear:", "SettingsViewController.viewDidDisappear:",
}
assert(home.presentedViewController == nil and home.unwoundFrom == settings)

-- The bar button's segue presents a form sheet, which leaves Home on screen (iOS 13+).
device.tap_segue(home, "compose")
expect.never "HomeViewController.viewWillDisappear:"
expect.order { "ComposeViewController.viewDidAppear:" }
assert(home.presentedViewController.modalPresentationStyle == 2)   -- .formSheet
assert(prepared[#prepared].sender:isKindOfClass(UIBarButtonItem))
home.presentedViewController:dismissViewControllerAnimated_completion(false, nil)
expect.order {}

-- An identifier without a segue is UIKit's exception; so is any identifier for a controller
-- made in code, which has no storyboard.
local ok, message = pcall(home.performSegueWithIdentifier_sender, home, "showNotes", nil)
assert(not ok and message:find(
  "NSInvalidArgumentException: Receiver (<HomeViewController: 0x", 1, true), message)
assert(message:find(") has no segue with identifier 'showNotes'", 1, true), message)
ok, message = pcall(function() UIViewController.new():performSegueWithIdentifier_sender("showNote", nil) end)
assert(not ok and message:find("has no segue with identifier 'showNote'", 1, true), message)

-- What the user cannot tap.
ok, message = pcall(device.tap_segue, home, "showAbout")
assert(not ok and message:find("hangs on the view controller, not on a control", 1, true), message)
ok, message = pcall(device.tap_segue, home, "shownote")
assert(not ok and message:find(
  "its controls' segues are showNote (button Btn-Det-001), Seg-Set-001 (button Btn-Set-001), compose (barButtonItem Bar-Cmp-001)",
  1, true), message)
ok, message = pcall(device.tap_segue, note, "backToNotes")   -- popped: not on screen
assert(not ok and message:find("is not on screen (disappeared)", 1, true), message)
ok, message = pcall(device.tap_segue, "home", "showNote")
assert(not ok and message:find("bad argument #1 to 'device.tap_segue' (view controller expected, got string)", 1, true), message)
ok, message = pcall(device.tap_segue, home)
assert(not ok and message:find("bad argument #2 to 'device.tap_segue' (string expected, got no value)", 1, true), message)
device.home()
ok, message = pcall(device.tap_segue, home, "showNote")
assert(not ok and message:find("the app is not active in the foreground (background)", 1, true), message)
