-- registerForTraitChanges:withHandler: is iOS 17 API: on iOS 16 the method does not exist.
device.ios("16.4")
main(class("AppDelegate", UIResponder, { "UIApplicationDelegate" }))
local controller = UIViewController.new()
local ok, message = pcall(controller.registerForTraitChanges_withHandler, controller, { UITraitVerticalSizeClass }, print)
assert(not ok)
print(message)
