-- The same in a coroutine: the exception's text in the script's own error is the script's error.
local AppDelegate = class("AppDelegate", UIResponder)

function AppDelegate:application_didFinishLaunchingWithOptions(application, options)
  local launch = coroutine.create(function() UIApplicationMain(nil, "AppDelegate") end)
  local ok, exception = coroutine.resume(launch)
  error("could not start again: " .. exception, 0)
end

main(AppDelegate)
