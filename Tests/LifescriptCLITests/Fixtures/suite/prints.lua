-- Prints as it goes; the suite shows each line after the scenario's path.
print("launching")
local AppDelegate = class("AppDelegate", UIResponder, { "UIApplicationDelegate" })
main(AppDelegate)
print("launched")
