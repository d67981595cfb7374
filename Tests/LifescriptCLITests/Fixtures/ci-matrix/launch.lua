-- A CI matrix's suite (ReportConsumerTests): files with several named tests each, passing,
-- failing, skipped and known issues, run as three shards with filters; every report of every
-- shard is read back by a real consumer.
local AppDelegate = class("AppDelegate", UIResponder, { "UIApplicationDelegate" })
function AppDelegate:application_didFinishLaunchingWithOptions(app, options) return true end
function AppDelegate:applicationDidEnterBackground(app) end

test("cold launch activates the app", function()
  main(AppDelegate)
  expect.order { "application:didFinishLaunchingWithOptions:" }
end)
test("cold launch then home", function()
  main(AppDelegate)
  device.home()
  expect.order { "applicationDidEnterBackground:" }
end)
test("cold launch that expects a scene", function()
  main(AppDelegate)
  io.stderr:write("a warning the app printed\n\n---\n")
  expect.order { "SceneDelegate.scene:willConnectToSession:options:" }
end)
