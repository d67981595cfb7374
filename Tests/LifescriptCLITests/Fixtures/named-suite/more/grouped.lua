-- Named tests in groups, for the sharding and filtering tests (NamedTestSuiteTests).
local AppDelegate = class("AppDelegate", UIResponder, { "UIApplicationDelegate" })
function AppDelegate:application_didFinishLaunchingWithOptions(app, options) return true end
describe("launch", function()
  test("cold", function() main(AppDelegate) end)
  test("warm", function() main(AppDelegate); device.home(); device.activate() end)
end)
describe("memory", function()
  test("warning", function() main(AppDelegate); device.memory_warning() end)
end)
