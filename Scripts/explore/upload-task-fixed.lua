-- upload-task-fixed.lua: upload-task.lua with its bug fixed (Documentation/Reference/explore.md):
-- the expiration handler ends the task, so the search finds nothing.
--
--   lifescript explore Scripts/explore/upload-task-fixed.lua   # exit 0

local AppDelegate = class("AppDelegate", UIResponder, { "UIApplicationDelegate" })
AppDelegate.properties = { "window", "upload" }
function AppDelegate:application_didFinishLaunchingWithOptions(application, options)
  return true
end
function AppDelegate:applicationDidEnterBackground(application)
  self.upload = application:beginBackgroundTaskWithName_expirationHandler("upload", function()
    application:endBackgroundTask(self.upload)
    self.upload = nil
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
