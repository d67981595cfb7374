-- The CI matrix's settings tests (see ../launch.lua).
local AppDelegate = class("AppDelegate", UIResponder, { "UIApplicationDelegate" })
function AppDelegate:application_didFinishLaunchingWithOptions(app, options) return true end

test("cold launch reads the settings", function()
  main(AppDelegate)
  expect.equal(1 + 1, 2)
end)
test("settings survive a kill", function()
  known_issue("settings live only in memory")
  main(AppDelegate)
  device.kill()
  expect.equal("lost", "kept")
end)
test("a broken settings file", function()
  main(AppDelegate)
  local settings = nil
  print(settings.theme)
end)
