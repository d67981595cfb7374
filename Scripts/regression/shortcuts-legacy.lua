-- shortcuts-legacy.lua: Home Screen quick actions in an app without scenes (reference §6.3).
-- Cold: launchOptions[.shortcutItem] in will/didFinishLaunching; "perform the requested quick
-- action within the launch method and return a value of false" and
-- application(_:performActionFor:completionHandler:) is not called; otherwise it is, after
-- launch. Warm: it is called as the app comes back. Quick actions are static (Info.plist) or
-- dynamic (UIApplication.shortcutItems, kept by the system across launches).
--
--   lifescript run --trace Scripts/regression/shortcuts-legacy.lua

Info {
  UIApplicationShortcutItems = {
    { UIApplicationShortcutItemType = "com.example.compose", UIApplicationShortcutItemTitle = "New Message",
      UIApplicationShortcutItemSubtitle = "To anyone", UIApplicationShortcutItemUserInfo = { draft = true } },
  },
}

local AppDelegate = class("AppDelegate", UIResponder, { "UIApplicationDelegate" })
local handledInLaunch = false
local launchItem, performed, completed
function AppDelegate:application_didFinishLaunchingWithOptions(application, options)
  launchItem = options and options.UIApplicationLaunchOptionsShortcutItemKey
  -- Apple's advice: handle it here and return false, so it is not delivered again.
  return not (launchItem and handledInLaunch)
end
function AppDelegate:application_performActionForShortcutItem_completionHandler(application, item, completionHandler)
  performed = { type = item.type, title = item.localizedTitle, subtitle = item.localizedSubtitle,
                userInfo = item.userInfo, state = application.applicationState }
  completed = completionHandler
  completionHandler(true)
end
function AppDelegate:applicationDidBecomeActive(application) end
function AppDelegate:applicationWillEnterForeground(application) end

main(AppDelegate)
expect.never "application:performActionForShortcutItem:completionHandler:"
-- A dynamic quick action: the system keeps it after the process ends.
UIApplication.shared.shortcutItems = {
  UIApplicationShortcutItem.new { type = "com.example.recent", localizedTitle = "Recent: Ana" },
}
device.kill()
expect.order { "post UIApplicationWillTerminateNotification" }

-- Cold, returning true: the action is delivered after launch, before activation.
device.shortcut("com.example.compose")
expect.events {
  "AppDelegate.application:didFinishLaunchingWithOptions:",
  "AppDelegate.application:performActionForShortcutItem:completionHandler:",
  "AppDelegate.applicationDidBecomeActive:",
}
assert(launchItem.type == "com.example.compose" and launchItem.localizedTitle == "New Message")
assert(performed.type == "com.example.compose" and performed.subtitle == "To anyone")
assert(performed.userInfo.draft == true and performed.state == "inactive")
assert(type(completed) == "function")

-- Warm: the user goes home, long-presses the icon and picks the dynamic action.
device.home()
expect.order { "post UIApplicationDidEnterBackgroundNotification" }
device.shortcut("com.example.recent")
expect.events {
  "AppDelegate.applicationWillEnterForeground:",
  "AppDelegate.application:performActionForShortcutItem:completionHandler:",
  "AppDelegate.applicationDidBecomeActive:",
}
assert(performed.type == "com.example.recent" and performed.title == "Recent: Ana")

-- Warm from the foreground: quick actions are on the Home Screen, so the app leaves first.
device.shortcut("com.example.compose")
expect.events {
  "post UIApplicationWillResignActiveNotification",
  "post UIApplicationDidEnterBackgroundNotification",
  "AppDelegate.applicationWillEnterForeground:",
  "post UIApplicationWillEnterForegroundNotification",
  "AppDelegate.application:performActionForShortcutItem:completionHandler:",
  "AppDelegate.applicationDidBecomeActive:",
  "post UIApplicationDidBecomeActiveNotification",
}

-- Cold, handled in didFinishLaunching (returning false): not delivered again.
device.kill()
handledInLaunch, performed = true, nil
device.shortcut("com.example.recent")
expect.never "application:performActionForShortcutItem:completionHandler:"
expect.order { "application:didFinishLaunchingWithOptions:", "applicationDidBecomeActive:" }
assert(performed == nil and launchItem.type == "com.example.recent")
