-- restoration-from-storyboard.lua: the implicit search of legacy state restoration
-- (Documentation/UIKit/state-restoration.md §10.3 items 3 and 4). The storyboard gives its
-- controllers their Restoration IDs (restorationIdentifier, or the Storyboard ID with "Use
-- Storyboard ID" checked). At restore, a controller the launch already made under the same path
-- is reused; one that came from a storyboard and was made in code afterwards comes back from
-- that storyboard by its Storyboard ID (INFERRED); one made in code without a storyboard, a
-- restoration class or a delegate answer is not restored, nor are its children (INFERRED).
--
--   lifescript run --trace Scripts/regression/restoration-from-storyboard.lua

Info { CFBundleExecutable = "Books", UIMainStoryboardFile = "Main" }
Storyboard "fixtures/restoration/Main.storyboard"

local AppDelegate = class("AppDelegate", UIResponder, { "UIApplicationDelegate" })
AppDelegate.properties = { "window" }
function AppDelegate:application_willFinishLaunchingWithOptions(application, options) return true end
function AppDelegate:application_didFinishLaunchingWithOptions(application, options) return true end
function AppDelegate:application_shouldSaveSecureApplicationState(application, coder) return true end
function AppDelegate:application_shouldRestoreSecureApplicationState(application, coder) return true end

ShelfViewController = class("ShelfViewController", UIViewController)
BookViewController = class("BookViewController", UIViewController)
local restoredBook
function BookViewController:encodeRestorableStateWithCoder(coder) coder:encodeObject_forKey(self.title, "title") end
function BookViewController:decodeRestorableStateWithCoder(coder)
  self.title = coder:decodeObjectForKey("title")
  restoredBook = self
end
local Note = class("Note", UIViewController)
function Note:decodeRestorableStateWithCoder(coder) error("a controller made in code is not restored") end

main(AppDelegate)
local navigation = UIApplication.shared.delegate.window.rootViewController
assert(navigation.restorationIdentifier == "library")
assert(navigation.topViewController.restorationIdentifier == "shelf", "Use Storyboard ID")

-- The app pushes a book from the storyboard, and a note made in code on top of it.
local book = navigation.storyboard:instantiateViewControllerWithIdentifier("book")
book.title = "Middlemarch"
navigation:pushViewController_animated(book, false)
local note = Note.new()
note.restorationIdentifier = "note"
book:addChildViewController(note)
device.home()
expect.order {
  "UINavigationController.encodeRestorableStateWithCoder:",
  "ShelfViewController.encodeRestorableStateWithCoder:",
  "BookViewController.encodeRestorableStateWithCoder:",
}

device.terminate_in_background()
device.activate()
expect.order {
  "AppDelegate.application:shouldRestoreSecureApplicationState:",
  "new BookViewController",                      -- from the storyboard, by its Storyboard ID
  "BookViewController.initWithCoder:",
  "BookViewController.awakeFromNib",
  "BookViewController.decodeRestorableStateWithCoder:",
  "AppDelegate.application:didFinishLaunchingWithOptions:",
}
expect.never "new Note"
assert(restoredBook.title == "Middlemarch" and restoredBook.restorationIdentifier == "book")
