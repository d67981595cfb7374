-- Named tests for the sharding and filtering tests (NamedTestSuiteTests).
local AppDelegate = class("AppDelegate", UIResponder, { "UIApplicationDelegate" })
function AppDelegate:application_didFinishLaunchingWithOptions(app, options) return true end
test("cold launch by URL", function()
  main(AppDelegate)
  expect.order { "application:didFinishLaunchingWithOptions:" }
end)
test("warm URL opens the item", function()
  main(AppDelegate)
  expect.order { "application:didFinishLaunchingWithOptions:" }
end)
test("bad URL is ignored", function()
  main(AppDelegate)
  expect.order { "application:didFinishLaunchingWithOptions:" }
end)
test("launch twice", function()
  main(AppDelegate)
  expect.order { "application:didFinishLaunchingWithOptions:" }
end)
