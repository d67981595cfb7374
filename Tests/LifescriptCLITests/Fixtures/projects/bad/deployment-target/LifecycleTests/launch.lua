-- IPHONEOS_DEPLOYMENT_TARGET 27.0 on an iOS 26 device: the app cannot be installed; the launch
-- is an error naming both releases and the fix, exit 2.

Project "../Legacy.xcodeproj"

local AppDelegate = class("AppDelegate", UIResponder, { "UIApplicationDelegate" })
main(AppDelegate)
