-- Loaded into a REPL session with `:load repl/app.lua` (ReplTests): a legacy app that launches,
-- then an error at line 10, which the session reports with file:line and survives. AppDelegate
-- is global, so the inputs that follow can use it.
AppDelegate = class("AppDelegate", UIResponder, { "UIApplicationDelegate" })
function AppDelegate:application_didFinishLaunchingWithOptions(application, launchOptions)
  return true
end
main(AppDelegate)
expect.events { "AppDelegate.application:didFinishLaunchingWithOptions:" }
error("the file stops here")
