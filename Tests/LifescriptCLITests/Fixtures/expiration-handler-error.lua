-- An expiration handler that raises: the error is the script's, reported where it was raised.
local AppDelegate = class("AppDelegate", UIResponder, { "UIApplicationDelegate" })
function AppDelegate:applicationDidEnterBackground(application)
  application:beginBackgroundTaskWithName_expirationHandler("upload", function()
    error("upload state lost")
  end)
end
device.ios("18.4")
main(AppDelegate)
device.home()
wait(31)
