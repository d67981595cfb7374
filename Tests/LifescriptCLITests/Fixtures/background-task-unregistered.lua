-- The system runs only a task the app submitted.
Info { UIBackgroundModes = { "fetch" }, BGTaskSchedulerPermittedIdentifiers = { "com.example.refresh" } }
main(class("AppDelegate", UIResponder, { "UIApplicationDelegate" }))
device.home()
device.run_background_task("com.example.refresh")
