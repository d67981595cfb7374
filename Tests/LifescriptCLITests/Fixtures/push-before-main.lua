-- A background launch runs the app's entry point, which the device learns from main.
class("AppDelegate", UIResponder, { "UIApplicationDelegate" })
device.push({ aps = { ["content-available"] = 1 }, id = 7 })
