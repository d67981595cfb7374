-- sync-alert-fixed.lua: sync-alert.lua with its bug fixed (Documentation/Reference/explore.md):
-- a sync done in the background leaves "Synced" for when the app is active again.
--
--   lifescript explore Scripts/explore/sync-alert-fixed.lua   # exit 0

local function showSynced(window)
  local root = window.rootViewController
  if root.presentedViewController == nil then
    root:presentViewController_animated_completion(UIViewController.new(), true, nil)
  end
end

local AppDelegate = class("AppDelegate", UIResponder, { "UIApplicationDelegate" })
AppDelegate.properties = { "window", "sync", "synced" }
function AppDelegate:application_didFinishLaunchingWithOptions(application, options)
  self.window = UIWindow.new()
  self.window.rootViewController = UIViewController.new()
  self.window:makeKeyAndVisible()
  return true
end
function AppDelegate:applicationDidEnterBackground(application)
  if self.sync then return end
  self.sync = application:beginBackgroundTaskWithName_expirationHandler("sync", function()
    application:endBackgroundTask(self.sync)
    self.sync = nil
  end)
  DispatchQueue.main:asyncAfter(5, function()
    if not self.sync then return end
    if application.applicationState == "background" then
      self.synced = true
    else
      showSynced(self.window)
    end
    application:endBackgroundTask(self.sync)
    self.sync = nil
  end)
end
function AppDelegate:applicationDidBecomeActive(application)
  if self.synced then
    self.synced = nil
    showSynced(self.window)
  end
end

explore.state(function()
  local app = UIApplication.shared
  return app ~= nil and app.delegate.synced == true
end)
main(AppDelegate)
