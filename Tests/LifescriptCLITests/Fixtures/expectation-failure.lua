-- An expectation that fails: exit 1, the diff, and the line of the expectation.
local AppDelegate = class("AppDelegate", UIResponder)
function AppDelegate:applicationDidBecomeActive(application) end

main(AppDelegate)
expect.events {
  "new UIApplication",
  "new AppDelegate",
  "applicationWillEnterForeground:",
  "applicationDidBecomeActive:",
}
