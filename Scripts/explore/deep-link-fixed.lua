-- deep-link-fixed.lua: deep-link.lua with its bug fixed (Documentation/Reference/explore.md):
-- the window exists from application:didFinishLaunchingWithOptions:, before any URL arrives.
--
--   lifescript explore Scripts/explore/deep-link-fixed.lua     # exit 0

Info { CFBundleURLTypes = { { CFBundleURLSchemes = { "notes" } } } }

local AppDelegate = class("AppDelegate", UIResponder, { "UIApplicationDelegate" })
AppDelegate.properties = { "window" }
function AppDelegate:application_didFinishLaunchingWithOptions(application, options)
  self.window = UIWindow.new()
  self.window.rootViewController = UIViewController.new()
  self.window:makeKeyAndVisible()
  return true
end
function AppDelegate:application_openURL_options(application, url, options)
  self.window.rootViewController.title = url.absoluteString
  return true
end

invariant("the link is shown", function()
  local app = UIApplication.shared
  return app == nil or app.delegate.window ~= nil
end)
explore.state(function() return 0 end)
main(AppDelegate)
