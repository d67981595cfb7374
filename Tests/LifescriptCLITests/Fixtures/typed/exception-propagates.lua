-- An Objective-C exception that Lua code lets through ends the app's process as itself: raised
-- straight through the method, caught and raised again as it is, or out of a coroutine.
local function launch(name, didFinishLaunching)
  local AppDelegate = class(name, UIResponder)
  AppDelegate.application_didFinishLaunchingWithOptions = didFinishLaunching
  main(AppDelegate)
  expect.exception "There can only be one UIApplication instance."
  expect.order { "exception NSInternalInconsistencyException: There can only be one UIApplication instance." }
  assert(UIApplication.shared == nil, name .. ": the process ended")
end

launch("Straight", function(self, application, options)
  UIApplicationMain(nil, "Straight")
end)

launch("Caught", function(self, application, options)
  local ok, exception = pcall(UIApplicationMain, nil, "Caught")
  error(exception, 0)
end)

launch("Coroutine", function(self, application, options)
  local launch = coroutine.create(function() UIApplicationMain(nil, "Coroutine") end)
  local ok, exception = coroutine.resume(launch)
  error(exception, 0)
end)

print("each launch crashed with the exception")
