-- Options of a device action are checked by name and type.
main(class("AppDelegate", UIResponder, { "UIApplicationDelegate" }))
device.continue_activity("NSUserActivityTypeBrowsingWeb", { webpage = "https://example.com" })
