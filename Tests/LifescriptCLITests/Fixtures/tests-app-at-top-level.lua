-- A file with tests runs the app only inside its tests: each test starts a fresh app.
local AppDelegate = class("AppDelegate", UIResponder, { "UIApplicationDelegate" })

test("launch", function()
  main(AppDelegate)
end)

main(AppDelegate)
