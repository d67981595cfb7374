main(class("AppDelegate", UIResponder, { "UIApplicationDelegate" }))
device.continue_activity("NSUserActivityTypeBrowsingWeb", { webpageURL = "example.com/a" })
