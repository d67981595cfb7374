-- A didFinishLaunching that forgets 'return true': UIKit reads NO; lifescript warns once.
local AppDelegate = class("AppDelegate", UIResponder)
function AppDelegate:application_didFinishLaunchingWithOptions(application, options)
  self.ready = true
end
main(AppDelegate)
device.kill()
device.activate()
