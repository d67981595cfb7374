-- A method whose coroutine failed, and which let the error through, names itself in the report.
local AppDelegate = class("AppDelegate", UIResponder)

function AppDelegate:application_didFinishLaunchingWithOptions(application, options)
  local load = coroutine.create(function()
    error("the settings file is missing from the application bundle")
  end)
  local ok, message = coroutine.resume(load)
  error(message, 0)
end

main(AppDelegate)
