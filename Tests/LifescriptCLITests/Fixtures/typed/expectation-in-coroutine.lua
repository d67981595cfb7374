-- The same from a coroutine whose failure the method raises again as it is.
local AppDelegate = class("AppDelegate", UIResponder)

function AppDelegate:application_didFinishLaunchingWithOptions(application, options)
  local check = coroutine.create(function() expect.never "new AppDelegate" end)
  local ok, failure = coroutine.resume(check)
  error(failure, 0)
end

main(AppDelegate)
