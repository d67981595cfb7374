-- A URL must be a URL.
main(class("AppDelegate", UIResponder, { "UIApplicationDelegate" }))
device.open_url("open the item page")
