-- Named tests for the sharding and filtering tests (NamedTestSuiteTests).
local AppDelegate = class("AppDelegate", UIResponder, { "UIApplicationDelegate" })
function AppDelegate:application_didFinishLaunchingWithOptions(app, options) return true end
test("cold launch restores the draft", function()
  main(AppDelegate)
  expect.order { "application:didFinishLaunchingWithOptions:" }
end)
test("warm launch keeps the draft", function()
  main(AppDelegate)
  expect.order { "application:didFinishLaunchingWithOptions:" }
end)
test("home saves the draft", function()
  main(AppDelegate)
  expect.order { "application:didFinishLaunchingWithOptions:" }
end)
