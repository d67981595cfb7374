-- A script's own error whose text ends with an Objective-C exception's description is the
-- script's error: the app does not crash, the run ends with that error.
local AppDelegate = class("AppDelegate", UIResponder)

function AppDelegate:application_didFinishLaunchingWithOptions(application, options)
  local ok, exception = pcall(UIApplicationMain, nil, "AppDelegate")
  error("could not start again: " .. exception, 0)
end

main(AppDelegate)
