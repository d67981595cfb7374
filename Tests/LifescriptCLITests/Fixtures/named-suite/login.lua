-- Named tests for the sharding and filtering tests (NamedTestSuiteTests).
local AppDelegate = class("AppDelegate", UIResponder, { "UIApplicationDelegate" })
function AppDelegate:application_didFinishLaunchingWithOptions(app, options) return true end
test("cold launch shows the login", function()
  main(AppDelegate)
  expect.order { "application:didFinishLaunchingWithOptions:" }
end)
test("logout clears the token", function()
  main(AppDelegate)
  expect.order { "application:didFinishLaunchingWithOptions:" }
end)
test("home locks the screen", function()
  main(AppDelegate)
  expect.order { "application:didFinishLaunchingWithOptions:" }
end)
