-- open-url-legacy.lua: opening a URL in an app without scenes (reference §6.1), cold and warm.
-- Cold: the URL is in the launch options of will/didFinishLaunching and in the userInfo of
-- UIApplicationDidFinishLaunchingNotification; application(_:open:options:) follows "after your
-- app finishes initializing itself" unless either launch method returned false, then the app
-- becomes active. Warm: a backgrounded app comes to the foreground first; an active one
-- resigns active around it (INFERRED).
--
--   lifescript run --trace Scripts/regression/open-url-legacy.lua

Info {
  CFBundleIdentifier = "com.example.demo",
  CFBundleURLTypes = { { CFBundleURLName = "com.example.demo", CFBundleURLSchemes = { "demo" } } },
}

local AppDelegate = class("AppDelegate", UIResponder, { "UIApplicationDelegate" })
local launchURL, launchSource, notifiedURL, opened
local finishLaunching = true
function AppDelegate:application_willFinishLaunchingWithOptions(application, options)
  return true
end
function AppDelegate:application_didFinishLaunchingWithOptions(application, options)
  launchURL = options and options.UIApplicationLaunchOptionsURLKey
  launchSource = options and options.UIApplicationLaunchOptionsSourceApplicationKey
  return finishLaunching
end
function AppDelegate:application_openURL_options(application, url, options)
  opened = { url = url, source = options.UIApplicationOpenURLOptionsSourceApplicationKey,
             inPlace = options.UIApplicationOpenURLOptionsOpenInPlaceKey,
             state = application.applicationState }
  return true
end
function AppDelegate:applicationDidBecomeActive(application) end
function AppDelegate:applicationWillResignActive(application) end
function AppDelegate:applicationDidEnterBackground(application) end
function AppDelegate:applicationWillEnterForeground(application) end
NotificationCenter.default:addObserver("UIApplicationDidFinishLaunchingNotification", function(note)
  notifiedURL = note.userInfo and note.userInfo.UIApplicationLaunchOptionsURLKey
end)

-- A launch from the home screen has no launch options.
main(AppDelegate)
assert(launchURL == nil and notifiedURL == nil and opened == nil)
expect.events { "application:willFinishLaunchingWithOptions:", "application:didFinishLaunchingWithOptions:",
                "applicationDidBecomeActive:" }
device.kill()
expect.events { "applicationWillResignActive:", "post UIApplicationWillResignActiveNotification",
                "post UIApplicationWillTerminateNotification" }

-- Cold: the URL launches the app.
device.open_url("demo://item/7?tab=notes", { sourceApplication = "com.apple.mobilesafari" })
expect.events {
  "new UIApplication",
  "new AppDelegate",
  "AppDelegate.application:willFinishLaunchingWithOptions:",
  "AppDelegate.application:didFinishLaunchingWithOptions:",
  "post UIApplicationDidFinishLaunchingNotification",
  "AppDelegate.application:openURL:options:",          -- §6.1 step 3
  "AppDelegate.applicationDidBecomeActive:",           -- step 4 (after: INFERRED)
  "post UIApplicationDidBecomeActiveNotification",
}
assert(launchURL.absoluteString == "demo://item/7?tab=notes" and launchURL.scheme == "demo")
assert(launchURL.host == "item" and launchURL.path == "/7" and launchURL.query == "tab=notes")
assert(launchSource == "com.apple.mobilesafari")
assert(notifiedURL.absoluteString == "demo://item/7?tab=notes")
assert(opened.url.absoluteString == "demo://item/7?tab=notes" and opened.source == "com.apple.mobilesafari")
assert(opened.inPlace == false and opened.state == "inactive")

-- Warm, suspended: to the foreground, then the URL, then active.
device.home()
expect.events { "applicationWillResignActive:", "post UIApplicationWillResignActiveNotification",
                "applicationDidEnterBackground:", "post UIApplicationDidEnterBackgroundNotification" }
device.open_url("demo://item/8")
expect.events {
  "AppDelegate.applicationWillEnterForeground:",
  "post UIApplicationWillEnterForegroundNotification",
  "AppDelegate.application:openURL:options:",
  "AppDelegate.applicationDidBecomeActive:",
  "post UIApplicationDidBecomeActiveNotification",
}
assert(opened.url.path == "/8" and opened.source == nil and opened.state == "inactive")

-- Warm, active: it resigns active around the URL (INFERRED).
device.open_url(URL.new("demo://item/9"))
expect.events {
  "AppDelegate.applicationWillResignActive:",
  "post UIApplicationWillResignActiveNotification",
  "AppDelegate.application:openURL:options:",
  "AppDelegate.applicationDidBecomeActive:",
  "post UIApplicationDidBecomeActiveNotification",
}

-- didFinishLaunching returning false: "the system doesn't call application(_:open:options:)".
device.kill()
finishLaunching = false
opened = nil
device.open_url("demo://item/10")
expect.never "application:openURL:options:"
assert(opened == nil and launchURL.path == "/10")
expect.order { "application:didFinishLaunchingWithOptions:", "applicationDidBecomeActive:" }
