-- sync-alert.lua: a seeded bug for lifescript explore (Documentation/Reference/explore.md).
-- Leaving the foreground, the app syncs under a background task, and when the sync is done (five
-- seconds later) it presents "Synced" and ends the task. Done in the background, the alert is
-- presented where nobody sees it: UI work in the background.
--
--   lifescript explore Scripts/explore/sync-alert.lua      # home, then wait(5): exit 1

local function showSynced(window)
  local root = window.rootViewController
  if root.presentedViewController == nil then
    root:presentViewController_animated_completion(UIViewController.new(), true, nil)
  end
end

local AppDelegate = class("AppDelegate", UIResponder, { "UIApplicationDelegate" })
AppDelegate.properties = { "window", "sync" }
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
    -- The bug: the app may be in the background still.
    showSynced(self.window)
    application:endBackgroundTask(self.sync)
    self.sync = nil
  end)
end

explore.state(function() return 0 end)
main(AppDelegate)
