-- What a script passes to an action is written in the trace as given, one line each: control
-- characters escaped, a huge argument cut.
Info { CFBundleURLTypes = { { CFBundleURLSchemes = { "demo" } } } }
local AppDelegate = class("AppDelegate", UIResponder, { "UIApplicationDelegate" })
function AppDelegate:application_didFinishLaunchingWithOptions(application, options) return true end

main(AppDelegate)
expect.settled()
device.open_url([[demo://x-->y;z#w"q'<b>&amp;]])
pcall(device.shortcut, "line\nbreak\r\27[31m")
pcall(device.shortcut, ("huge "):rep(1000))
wait(0.25)
expect.order { [[device open_url demo://x-->y;z#w"q'<b>&amp;]], "wait 0.25 s" }
