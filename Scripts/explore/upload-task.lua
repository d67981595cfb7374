-- upload-task.lua: a seeded bug for lifescript explore (Documentation/Reference/explore.md).
-- The app begins a background task when it leaves the foreground and ends it only when it
-- comes back: left in the background past the allowance, the system ends the app.
--
--   lifescript explore Scripts/explore/upload-task.lua      # home, then wait(30): exit 1

local AppDelegate = class("AppDelegate", UIResponder, { "UIApplicationDelegate" })
AppDelegate.properties = { "window", "upload" }
function AppDelegate:application_didFinishLaunchingWithOptions(application, options)
  return true
end
function AppDelegate:applicationDidEnterBackground(application)
  self.upload = application:beginBackgroundTaskWithName_expirationHandler("upload", function()
    -- The bug: nothing ends the task when its time is up.
  end)
end
function AppDelegate:applicationWillEnterForeground(application)
  if self.upload then
    application:endBackgroundTask(self.upload)
    self.upload = nil
  end
end

explore.state(function() return 0 end)
main(AppDelegate)
