-- expectations.lua: the checkpoint. expect.events and expect.order check the lines since it and
-- move it to the end; expect.settled() moves it without checking; the rest leave it.
--
--   lifescript run --trace Scripts/regression/expectations.lua

device.ios("18.3")
local AppDelegate = class("AppDelegate", UIResponder, { "UIApplicationDelegate" })
function AppDelegate:application_didFinishLaunchingWithOptions(application, options)
  return true
end
function AppDelegate:applicationDidEnterBackground(application) end

main(AppDelegate)
expect.settled()                                  -- the launch: acknowledged, not checked
expect.never "application:didFinishLaunchingWithOptions:"
device.home()
expect.events { "AppDelegate.applicationDidEnterBackground:" }
expect.never "applicationDidEnterBackground:"      -- expect.events moved the checkpoint too

device.activate()
wait(1)
expect.settled()
expect.settled()                                  -- nothing new: it stays at the end
device.home()
expect.order { "applicationDidEnterBackground:" }

-- It takes no argument: a list of lines belongs to expect.events or expect.order.
local ok, message = pcall(expect.settled, { "applicationDidEnterBackground:" })
assert(not ok and message:find("bad argument #1 to 'expect.settled' (no argument expected, got table)", 1, true), message)

-- expect.equal compares contents, nested and cyclic tables too; expect.same, identity.
local delegate = UIApplication.shared.delegate
expect.same(UIApplication.shared.delegate, delegate)
expect.equal(
  { state = UIApplication.shared.applicationState, tabs = { "Home" } },
  { tabs = { "Home" }, state = "background" })
local loop = { name = "loop" }; loop.self = loop
local twin = { name = "loop" }; twin.self = twin
expect.equal(loop, twin)
expect.same(1, 1.0)

-- expect.called counts the matching lines since the checkpoint, in any spelling; it stays put.
device.activate()
device.home()
expect.called("applicationDidEnterBackground:", { times = 1 })
expect.called("applicationDidEnterBackground", { times = 1 })
expect.called "post UIApplicationWillEnterForegroundNotification"
expect.called("applicationDidBecomeActive:", { times = 0 })
expect.settled()
expect.called("applicationDidEnterBackground:", { times = 0 })
