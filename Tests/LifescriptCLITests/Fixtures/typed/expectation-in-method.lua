-- An expectation that fails inside a delegate method fails the run as an expectation, through
-- the Swift frames of the launch.
local AppDelegate = class("AppDelegate", UIResponder)

function AppDelegate:application_didFinishLaunchingWithOptions(application, options)
  expect.events { "new SceneDelegate" }
  return true
end

main(AppDelegate)
