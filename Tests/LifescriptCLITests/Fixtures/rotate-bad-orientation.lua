-- device.rotate takes UIDeviceOrientation's Swift names; anything else is an error at its line.
main(class("AppDelegate", UIResponder, { "UIApplicationDelegate" }))
device.rotate("sideways")
