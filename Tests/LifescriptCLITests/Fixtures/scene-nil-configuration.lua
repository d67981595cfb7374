-- configurationForConnecting must return a UISceneConfiguration.
Info { UIApplicationSceneManifest = { } }
local AppDelegate = class("AppDelegate", UIResponder, { "UIApplicationDelegate" })
function AppDelegate:application_configurationForConnectingSceneSession_options(application, session, options)
  return nil
end
main(AppDelegate)
