-- opening-urls.lua: the app opens URLs itself, through UIApplication's canOpenURL(_:) and
-- open(_:options:completionHandler:), which a UIApplication subclass may override. One of the
-- app's own schemes comes back to it (§6.1, warm and active); a system scheme (https, tel, ...)
-- takes the user to another app, so this one leaves the foreground; a scheme no installed app
-- handles opens nothing. canOpenURL(_:) needs LSApplicationQueriesSchemes for other apps'
-- schemes and logs UIKit's reason when it says no.
--
--   lifescript run --trace Scripts/regression/opening-urls.lua

Info {
  CFBundleIdentifier = "com.example.demo",
  CFBundleURLTypes = { { CFBundleURLSchemes = { "demo" } } },
  LSApplicationQueriesSchemes = { "fb" },
}

-- The application is its own delegate (reference §7.1) and watches every URL it opens.
Application = class("Application", UIApplication, { "UIApplicationDelegate" })
local asked, opening, results = {}, {}, {}
function Application:canOpenURL(url)
  asked[#asked + 1] = url
  return UIApplication.canOpenURL(self, url)
end
function Application:openURL_options_completionHandler(url, options, completion)
  opening[#opening + 1] = tostring(url.absoluteString or url)
  if tostring(url.absoluteString or url):find("^blocked:") then return end   -- swallowed
  UIApplication.openURL_options_completionHandler(self, url, options, completion)
end
function Application:application_didFinishLaunchingWithOptions(application, options) return true end
function Application:application_openURL_options(application, url, options)
  results.opened = { url = url.absoluteString, source = options.UIApplicationOpenURLOptionsSourceApplicationKey }
  return true
end
function Application:applicationDidBecomeActive(application) end
function Application:applicationWillResignActive(application) end
function Application:applicationDidEnterBackground(application) end

UIApplicationMain("Application", "Application")
local app = UIApplication.shared

-- canOpenURL: its own scheme and the system's say yes; other apps' schemes need declaring.
assert(app:canOpenURL(URL.new("demo://x")) == true)
assert(app:canOpenURL("https://example.com") == true)
assert(app:canOpenURL("twitter://timeline") == false)
assert(app:canOpenURL("fb://profile") == false)                 -- declared, but no such app here
expect.log '-canOpenURL: failed for URL: "twitter://timeline" - error: "This app is not allowed to query for scheme twitter"'
expect.log '-canOpenURL: failed for URL: "fb://profile" - error: "The operation couldn’t be completed. (OSStatus error -10814.)"'
assert(#asked == 4)                                             -- the override saw each question
expect.events { "Application.application:didFinishLaunchingWithOptions:", "Application.applicationDidBecomeActive:" }

-- Its own scheme: the URL comes back to the app, after the current turn of the run loop.
app:open(URL.new("demo://item/3"), {}, function(success) results.ownScheme = success end)
assert(results.ownScheme == nil)                                -- asynchronous
wait(0)
expect.events {
  "Application.applicationWillResignActive:",
  "Application.application:openURL:options:",
  "Application.applicationDidBecomeActive:",
}
assert(results.ownScheme == true and results.opened.url == "demo://item/3")
assert(results.opened.source == "com.example.demo")             -- the app opened it itself

-- A scheme no installed app handles: nothing opens, the completion hears false.
app:open("fb://profile", {}, function(success) results.fb = success end)
wait(0)
expect.events { }
assert(results.fb == false)

-- An override can swallow the request.
app:open("blocked://x")
wait(0)
expect.events { }
assert(opening[#opening] == "blocked://x")

-- A web page opens in Safari: the app leaves the foreground (and is suspended).
app:open("https://example.com/help", {}, function(success) results.web = success end)
wait(0)
expect.events { "Application.applicationWillResignActive:", "Application.applicationDidEnterBackground:" }
assert(results.web == true and app.applicationState == "background")
