-- The report names the script method that failed only for the error that method raised: the
-- script's own error with the same text is the script's.
local AppDelegate = class("AppDelegate", UIResponder)

function AppDelegate:application_didFinishLaunchingWithOptions(application, options)
  error("the settings file is missing from the application bundle", 0)
end

local ok, message = pcall(main, AppDelegate)
error(message:upper():lower(), 0)
