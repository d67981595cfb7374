-- An assert that fails in a method UIKit called says where in the app it failed.
local AppDelegate = class("AppDelegate", UIResponder)

function AppDelegate:application_didFinishLaunchingWithOptions(application, options)
  assert(options == nil, "launched without options")
  assert(application.applicationState == 2)
  return true
end

main(AppDelegate)
