-- open-url-gating.lua: which launch methods decide whether application(_:open:options:) is
-- called after a cold launch by URL (reference §6.1 step 3): "If either method returns false,
-- the system doesn't call" it; "If only one of the two methods is implemented, its return value
-- determines whether this method is called"; with neither, it is called. Without
-- application(_:open:options:), UIKit falls back to the deprecated
-- application(_:open:sourceApplication:annotation:) and application(_:handleOpen:) (INFERRED
-- from their documentation).
--
--   lifescript run --trace Scripts/regression/open-url-gating.lua

Info { CFBundleURLTypes = { { CFBundleURLSchemes = { "demo" } } } }
device.ios("18.4")

local OnlyWill = class("OnlyWill", UIResponder, { "UIApplicationDelegate" })
function OnlyWill:application_willFinishLaunchingWithOptions(application, options) return false end
function OnlyWill:application_openURL_options(application, url, options) return true end

local Neither = class("Neither", UIResponder, { "UIApplicationDelegate" })
function Neither:application_openURL_options(application, url, options) return true end

local WillNoDidYes = class("WillNoDidYes", UIResponder, { "UIApplicationDelegate" })
function WillNoDidYes:application_willFinishLaunchingWithOptions(application, options) return false end
function WillNoDidYes:application_didFinishLaunchingWithOptions(application, options) return true end
function WillNoDidYes:application_openURL_options(application, url, options) return true end

local OldStyle = class("OldStyle", UIResponder, { "UIApplicationDelegate" })
local source
function OldStyle:application_openURL_sourceApplication_annotation(application, url, sourceApplication, annotation)
  source = sourceApplication
  return true
end

local Oldest = class("Oldest", UIResponder, { "UIApplicationDelegate" })
function Oldest:application_handleOpenURL(application, url) return true end

local function coldLaunch(delegate)
  device.kill()                                    -- the previous app, if any
  main(delegate)                                   -- this app, from the home screen
  device.kill()
  expect.order { }
  device.open_url("demo://item/1", { sourceApplication = "com.apple.mobilesafari" })
end

coldLaunch(OnlyWill)
expect.never "application:openURL:options:"        -- the only one implemented said no
expect.events { "OnlyWill.application:willFinishLaunchingWithOptions:" }

coldLaunch(Neither)
expect.events { "Neither.application:openURL:options:" }

coldLaunch(WillNoDidYes)
expect.never "application:openURL:options:"        -- either one saying no is enough
expect.events { "WillNoDidYes.application:willFinishLaunchingWithOptions:",
                "WillNoDidYes.application:didFinishLaunchingWithOptions:" }

coldLaunch(OldStyle)
expect.events { "OldStyle.application:openURL:sourceApplication:annotation:" }
assert(source == "com.apple.mobilesafari")

coldLaunch(Oldest)
expect.events { "Oldest.application:handleOpenURL:" }
