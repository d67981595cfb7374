-- restoration-classes.lua: how legacy state restoration finds each saved view controller
-- (Documentation/UIKit/state-restoration.md §10.3). A controller that had a restorationClass
-- when it was saved is asked of that class alone (+viewControllerWithRestorationIdentifierPath:coder:,
-- Apple's restorationClass page; a nil answer means not restored, INFERRED); one without is
-- asked of the app delegate (application:viewControllerWithRestorationIdentifierPath:coder:),
-- else found among the objects that exist under the same path. A controller whose parent was
-- not restored is not restored either (INFERRED).
--
--   lifescript run --trace Scripts/regression/restoration-classes.lua

local AppDelegate = class("AppDelegate", UIResponder, { "UIApplicationDelegate" })
AppDelegate.properties = { "window" }

Container = class("Container", UIViewController)
Page = class("Page", UIViewController)
function Page:decodeRestorableStateWithCoder(coder) self.number = coder:decodeIntegerForKey("number") end
function Page:encodeRestorableStateWithCoder(coder) coder:encodeInteger_forKey(self.number, "number") end

-- The restoration class: UIKit sends it the class method with the path and the coder.
local PageRestorer = class("PageRestorer", NSObject, { "UIViewControllerRestoration" })
local asked, made = {}, {}
function PageRestorer:viewControllerWithRestorationIdentifierPath_coder(path, coder)
  assert(self == PageRestorer, "a class method's self is the class")
  asked[#asked + 1] = table.concat(path, "/")
  if path[#path] == "gone" then return nil end      -- this one is not restored
  local page = Page.new()
  page.restorationIdentifier = path[#path]
  page.restorationClass = PageRestorer
  made[path[#path]] = page
  return page
end

local function page(identifier, number, restorationClass)
  local controller = Page.new()
  controller.restorationIdentifier = identifier
  controller.restorationClass = restorationClass
  controller.number = number
  return controller
end

local delegateAsked = {}
function AppDelegate:application_willFinishLaunchingWithOptions(application, options)
  -- The window and its root exist before restoration, under the path "root".
  self.window = UIWindow.new()
  local root = Container.new()
  root.restorationIdentifier = "root"
  self.window.rootViewController = root
  self.window:makeKeyAndVisible()
  return true
end
function AppDelegate:application_didFinishLaunchingWithOptions(application, options) return true end
function AppDelegate:application_shouldSaveSecureApplicationState(application, coder) return true end
function AppDelegate:application_shouldRestoreSecureApplicationState(application, coder) return true end
function AppDelegate:application_viewControllerWithRestorationIdentifierPath_coder(application, path, coder)
  delegateAsked[#delegateAsked + 1] = table.concat(path, "/")
  if path[#path] == "note" then return page("note", 0) end
  return nil
end

main(AppDelegate)
local root = UIApplication.shared.delegate.window.rootViewController
local first = page("first", 1, PageRestorer)
local gone = page("gone", 2, PageRestorer)
local note = page("note", 3)
root:addChildViewController(first)
root:addChildViewController(gone)
root:addChildViewController(note)
gone:addChildViewController(page("inner", 4))      -- under a controller that will not come back
device.home()
expect.order {
  "Container.encodeRestorableStateWithCoder:",
  "Page.encodeRestorableStateWithCoder:",
  "Page.encodeRestorableStateWithCoder:",
  "Page.encodeRestorableStateWithCoder:",
  "Page.encodeRestorableStateWithCoder:",
}

device.terminate_in_background()
device.activate()
expect.order {
  "AppDelegate.application:shouldRestoreSecureApplicationState:",
  "AppDelegate.application:viewControllerWithRestorationIdentifierPath:coder:",  -- root: the delegate, then the existing one
  "PageRestorer.viewControllerWithRestorationIdentifierPath:coder:",             -- first
  "PageRestorer.viewControllerWithRestorationIdentifierPath:coder:",             -- gone: nil
  "AppDelegate.application:viewControllerWithRestorationIdentifierPath:coder:",  -- note
  "Container.decodeRestorableStateWithCoder:",
  "Page.decodeRestorableStateWithCoder:",
  "Page.decodeRestorableStateWithCoder:",
  "AppDelegate.application:didFinishLaunchingWithOptions:",
}
-- The delegate is not asked for a controller that has a restoration class, nor for one whose
-- parent was not restored ("root/gone/inner").
assert(table.concat(asked, ", ") == "root/first, root/gone", table.concat(asked, ", "))
assert(table.concat(delegateAsked, ", ") == "root, root/note", table.concat(delegateAsked, ", "))
assert(made.first.number == 1, "the class's controller decodes the state saved for its path")

-- A restoration class without the method gets the message anyway: the runtime's exception
-- ends the launch (INFERRED: UIKit sends it without checking).
local Forgetful = class("Forgetful", NSObject)
UIApplication.shared.delegate.window.rootViewController:addChildViewController(page("first", 1, Forgetful))
device.home()
device.terminate_in_background()
device.activate()
expect.exception "+[Forgetful viewControllerWithRestorationIdentifierPath:coder:]: unrecognized selector sent to class"
