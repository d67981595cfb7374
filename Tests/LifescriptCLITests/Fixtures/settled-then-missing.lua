-- Lines before expect.settled() are acknowledged: an expectation after it does not see them.
local AppDelegate = class("AppDelegate", UIResponder)
function AppDelegate:application_didFinishLaunchingWithOptions(application, options) return true end
main(AppDelegate)
expect.settled()
expect.order { "application:didFinishLaunchingWithOptions:" }
