-- A push reaches only an app that registered for remote notifications in this install: APNs
-- needs its device token. An app that never called registerForRemoteNotifications has none.
Info { UIBackgroundModes = { "remote-notification" } }
local AppDelegate = class("AppDelegate", UIResponder, { "UIApplicationDelegate" })
main(AppDelegate)
device.push({ aps = { ["content-available"] = 1 } })
