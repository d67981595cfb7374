-- deep-link.lua: a seeded bug for lifescript explore (Documentation/Reference/explore.md).
-- The app makes its window when it first becomes active, and its URL handler shows the link in
-- that window: a link that launches the app arrives before the window exists.
--
--   lifescript explore Scripts/explore/deep-link.lua     # kill, open_url: exit 1

Info { CFBundleURLTypes = { { CFBundleURLSchemes = { "notes" } } } }

local AppDelegate = class("AppDelegate", UIResponder, { "UIApplicationDelegate" })
AppDelegate.properties = { "window", "shown" }
function AppDelegate:application_didFinishLaunchingWithOptions(application, options)
  return true
end
function AppDelegate:applicationDidBecomeActive(application)
  if self.window == nil then
    self.window = UIWindow.new()
    self.window.rootViewController = UIViewController.new()
    self.window:makeKeyAndVisible()
  end
end
function AppDelegate:application_openURL_options(application, url, options)
  self.window.rootViewController.title = url.absoluteString
  return true
end

explore.state(function() return 0 end)
main(AppDelegate)
