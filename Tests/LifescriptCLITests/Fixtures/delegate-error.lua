-- A delegate method that raises: the report names the selector, the receiver and the time.
local AppDelegate = class("AppDelegate", UIResponder)

function AppDelegate:applicationDidBecomeActive(application)
  local settings = nil
  return settings.theme
end

main(AppDelegate)
