-- A launch handler registered after the launch: UIKit's uncaught exception fails the scenario.
device.ios("18.3")
Info { UIBackgroundModes = { "fetch" }, BGTaskSchedulerPermittedIdentifiers = { "com.example.refresh" } }
local AppDelegate = class("AppDelegate", UIResponder, { "UIApplicationDelegate" })
function AppDelegate:applicationDidBecomeActive(application)
  BGTaskScheduler.shared:registerForTaskWithIdentifier_usingQueue_launchHandler("com.example.refresh", nil, function(task) end)
end
main(AppDelegate)
print("the script goes on")
