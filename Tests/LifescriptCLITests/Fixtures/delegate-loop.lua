-- A delegate method that never returns: stopped by the instruction budget, named in the report.
local AppDelegate = class("AppDelegate", UIResponder)

function AppDelegate:application_didFinishLaunchingWithOptions(application, options)
  while true do end
end

main(AppDelegate)
