-- A quick action the app never declared.
Info { UIApplicationShortcutItems = { { UIApplicationShortcutItemType = "com.example.compose" } } }
main(class("AppDelegate", UIResponder, { "UIApplicationDelegate" }))
device.home()
device.shortcut("com.example.search")
