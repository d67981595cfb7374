-- presentation.lua: modal presentation and dismissal (Documentation/UIKit/presentation.md):
-- the order of a full-screen presentation from a real log, sheets that leave the presenter on
-- screen (iOS 13+), completions on the run loop, presentedViewController and
-- presentingViewController, and the presentations UIKit refuses with a log line.
--
--   lifescript run --trace Scripts/regression/presentation.lua

device.ios("18.3")
local AppDelegate = class("AppDelegate", UIResponder, { "UIApplicationDelegate" })
AppDelegate.properties = { "window" }
function AppDelegate:application_didFinishLaunchingWithOptions(application, options)
  self.window = UIWindow.new()
  self.window.rootViewController = UINavigationController.new(HomeViewController.new())
  self.window:makeKeyAndVisible()
  -- The app's own code, run by the scenario's post.
  NotificationCenter.default:addObserver("CloseModal", function()
    local modal = self.window.rootViewController.presentedViewController
    modal:dismissViewControllerAnimated_completion(true, function() closed = true end)
    assert(modal.isBeingDismissed and not closed)
  end)
  return true
end
HomeViewController = class("HomeViewController", UIViewController)
function HomeViewController:viewDidLoad()
  -- Too early: the view is not in a window yet (presentation.md, §16.1 and §16.3).
  self:presentViewController_animated_completion(SheetViewController.new(), false, nil)
end
SheetViewController = class("SheetViewController", UIViewController)
function SheetViewController:viewIsAppearing(animated) end

main(AppDelegate)
expect.log "[Presentation] Attempt to present <SheetViewController: 0x"
expect.log "whose view is not in the window hierarchy."
local navigation = UIApplication.shared.delegate.window.rootViewController
local home = navigation.topViewController
assert(home.presentedViewController == nil)
expect.order {}

-- Full screen, unanimated: the velog.io/@rudin_ log's order, then the completion.
local done = false
local modal = SheetViewController.new()
modal.modalPresentationStyle = "fullScreen"
home:presentViewController_animated_completion(modal, false, function() done = true end)
expect.events {
  "new SheetViewController",
  "SheetViewController.loadView",
  "SheetViewController.viewDidLoad",
  "UINavigationController.viewWillDisappear:",
  "HomeViewController.viewWillDisappear:",
  "SheetViewController.viewWillAppear:",
  "SheetViewController.viewIsAppearing:",
  "SheetViewController.viewDidAppear:",
  "UINavigationController.viewDidDisappear:",
  "HomeViewController.viewDidDisappear:",
}
assert(done)
-- The navigation controller presents for its child (the top of the chain of parents).
assert(modal.presentingViewController == navigation and home.presentedViewController == modal)

-- Presenting again while it presents is refused with a log line; the completion never runs.
home:presentViewController_animated_completion(SheetViewController.new(), false, function() error("never") end)
expect.log "which is already presenting <SheetViewController: 0x"

-- Dismissing, animated, from inside the app: the will callbacks once the callback returns, the
-- did callbacks and the completion on a later turn.
NotificationCenter.default:post("CloseModal")
wait(0)                                     -- the run loop turns: the dismissal runs
expect.events {
  "new SheetViewController",
  "SheetViewController.viewWillDisappear:",
  "UINavigationController.viewWillAppear:",
  "HomeViewController.viewWillAppear:",
  "UINavigationController.viewDidAppear:",
  "HomeViewController.viewDidAppear:",
  "SheetViewController.viewDidDisappear:",
}
assert(closed and home.presentedViewController == nil and modal.presentingViewController == nil)

-- A page sheet (the automatic style on iOS 13 to 17, a form sheet from iOS 18) leaves the
-- presenter on screen: no disappear or appear callbacks for it.
local sheet = SheetViewController.new()
assert(sheet.modalPresentationStyle == -2)                 -- .automatic
home:presentViewController_animated_completion(sheet, false, nil)
expect.never "HomeViewController.viewWillDisappear:"
expect.order { "SheetViewController.viewDidAppear:" }
sheet:dismissViewControllerAnimated_completion(false, nil)
expect.never "HomeViewController.viewWillAppear:"
expect.order { "SheetViewController.viewDidDisappear:" }

-- A controller that is presented already cannot be presented again: UIKit's exception.
home:presentViewController_animated_completion(sheet, false, nil)
local ok, message = pcall(home.presentViewController_animated_completion, home, sheet, false, nil)
assert(not ok and message:find("Application tried to present modally a view controller <SheetViewController: 0x", 1, true), message)
local bad = pcall(function() sheet.modalPresentationStyle = "sideways" end)
assert(not bad)
