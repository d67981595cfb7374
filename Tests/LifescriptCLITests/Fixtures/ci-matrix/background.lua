-- The CI matrix's background tests (see launch.lua).
local AppDelegate = class("AppDelegate", UIResponder, { "UIApplicationDelegate" })
function AppDelegate:application_didFinishLaunchingWithOptions(app, options) return true end

describe("background", function()
  test("home after a cold launch", function()
    main(AppDelegate)
    device.home()
    expect.order { "application:didFinishLaunchingWithOptions:" }
  end)
  test("a call interrupts the launch", function()
    main(AppDelegate)
    device.interrupt()
    expect.settled()
  end)
  test("state restoration at launch", function()
    skip("the app does not opt in yet")
  end)
end)
