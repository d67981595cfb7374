-- bindings-in-coroutines.lua: the functions issue 14 and 15 added, called from inside a
-- coroutine, give the same trace as from the scenario's top level: the user's and the
-- system's actions (device.tap_segue, device.rotate, device.push, device.tap_notification,
-- device.run_background_task, device.expire_background_task, device.reclaim_scene), the app's
-- calls (performSegueWithIdentifier_sender, registerForRemoteNotifications, restorationClass)
-- and the expectations (expect.settled, expect.equal, expect.same, expect.called). And the
-- bindings that read a table the script passes (class's protocols, Storyboard's spec,
-- expect.events and expect.order's lists, Class.properties), 200 times each inside coroutines
-- that pcall catches: each reads the coroutine's own stack, never the suspended main thread's.
--
--   lifescript run --trace Scripts/regression/bindings-in-coroutines.lua

device.ios("18.3")
Info {
  CFBundleExecutable = "Notes", UIMainStoryboardFile = "Main",
  UIBackgroundModes = { "remote-notification", "fetch" },
  BGTaskSchedulerPermittedIdentifiers = { "com.example.refresh" },
}
Storyboard "fixtures/segues/Main.storyboard"

local AppDelegate = class("AppDelegate", UIResponder, { "UIApplicationDelegate" })
AppDelegate.properties = { "window" }
function AppDelegate:application_didFinishLaunchingWithOptions(application, options)
  BGTaskScheduler.shared:registerForTaskWithIdentifier_usingQueue_launchHandler(
    "com.example.refresh", nil, function(task) self.task = task end)
  return true
end
function AppDelegate:application_didRegisterForRemoteNotificationsWithDeviceToken(application, token) end
function AppDelegate:application_didReceiveRemoteNotification_fetchCompletionHandler(application, info, done)
  done("noData")
end
HomeViewController = class("HomeViewController", UIViewController)
NoteViewController = class("NoteViewController", UIViewController)
function NoteViewController:viewDidAppear(animated) end
AboutViewController = class("AboutViewController", UIViewController)
function AboutViewController:viewDidAppear(animated) end
function AboutViewController:viewWillTransitionToSize_withTransitionCoordinator(size, coordinator) end
local Restorer = class("Restorer", NSObject, { "UIViewControllerRestoration" })

main(AppDelegate)
local home = UIApplication.shared.keyWindow.rootViewController.topViewController

local steps = coroutine.wrap(function()
  UIApplication.shared:registerForRemoteNotifications()
  wait(0)                                        -- the token comes on the run loop's next turn
  coroutine.yield()
  device.tap_segue(home, "showNote")
  coroutine.yield()
  home.navigationController:popViewControllerAnimated(false)
  home:performSegueWithIdentifier_sender("showAbout", nil)
  coroutine.yield()
  device.rotate("landscapeLeft")
  coroutine.yield()
  device.push({ aps = { ["content-available"] = 1 } })
  coroutine.yield()
  device.tap_notification({ aps = { alert = "hi" } })
  coroutine.yield()
  home.restorationClass = Restorer
  expect.equal(home.restorationClass, Restorer)
  expect.same(home, UIApplication.shared.keyWindow.rootViewController.viewControllers[1])
  expect.called("log [lifescript] the notification response was not delivered: no UNUserNotificationCenter delegate", { times = 1 })
  expect.settled()
  device.home()
  BGTaskScheduler.shared:submitTaskRequest_error(BGAppRefreshTaskRequest.new("com.example.refresh"))
  device.run_background_task("com.example.refresh")
  coroutine.yield()
  device.expire_background_task("com.example.refresh")
  return "done"
end)

steps()
assert(UIApplication.shared.isRegisteredForRemoteNotifications)
expect.order { "AppDelegate.application:didRegisterForRemoteNotificationsWithDeviceToken:" }
steps()
expect.order { "NoteViewController.viewDidAppear:" }
steps()
expect.order { "AboutViewController.viewDidAppear:" }
steps()
expect.order { "AboutViewController.viewWillTransitionToSize:withTransitionCoordinator:" }
steps()
expect.order { "AppDelegate.application:didReceiveRemoteNotification:fetchCompletionHandler:" }
steps()
expect.log "the notification response was not delivered"
steps()
expect.order { "new BGAppRefreshTask" }
assert(UIApplication.shared.delegate.task ~= nil)
assert(steps() == "done")
expect.log "expired without an expirationHandler"

-- A scene app: the system reclaiming a scene from inside a coroutine.
device.kill()
Info { UIApplicationSceneManifest = { UISceneConfigurations = { UIWindowSceneSessionRoleApplication = {
  { UISceneConfigurationName = "Default Configuration", UISceneDelegateClassName = "SceneDelegate" } } } } }
SceneDelegate = class("SceneDelegate", UIResponder, { "UIWindowSceneDelegate" })
function SceneDelegate:sceneDidDisconnect(scene) end
device.activate()
coroutine.wrap(function() device.reclaim_scene(UIApplication.shared.connectedScenes[1]) end)()
expect.order { "SceneDelegate.sceneDidDisconnect:" }
assert(#UIApplication.shared.connectedScenes == 0)

-- Bindings that read the tables they are given, from inside coroutines, many times over.
device.kill()
local main_values = { "the main thread's", "values stay", "as they were" }
for i = 1, 200 do
  local ok, result = pcall(coroutine.wrap(function()
    local Row = class("Row" .. i, UIViewController, { "UITableViewDataSource", "UITableViewDelegate" })
    Row.properties = { "title", "detail" }
    local row = Row.new()
    row.title = "row " .. i
    Storyboard("Rows" .. i, { initialViewController = { class = "UINavigationController",
      children = { { class = "Row" .. i } } } })
    coroutine.yield()
    return row.title
  end))
  assert(ok and result == nil, result)
end
for i = 1, 200 do
  local steps = coroutine.wrap(function()
    local ok, message = pcall(class, "Row" .. i, UIViewController, { "UITableViewDataSource" })
    assert(not ok and message == "class 'Row" .. i .. "' is already defined", message)
    ok, message = pcall(Storyboard, "Bad" .. i, { initialViewController = { class = i } })
    assert(not ok and message == "a storyboard scene's class is a class name or a class, not a number", message)
    coroutine.yield(i)
    return i
  end)
  assert(steps() == i and steps() == i)
end
assert(table.concat(main_values, " ") == "the main thread's values stay as they were")

Info { UIApplicationSceneManifest = { UISceneConfigurations = { UIWindowSceneSessionRoleApplication = {
  { UISceneConfigurationName = "Default Configuration", UISceneDelegateClassName = "Scene2Delegate" } } } } }
Scene2Delegate = class("Scene2Delegate", UIResponder, { "UIWindowSceneDelegate" })
function Scene2Delegate:sceneDidEnterBackground(scene) end
function Scene2Delegate:sceneWillEnterForeground(scene) end
device.activate()
expect.order { "Scene2Delegate.sceneWillEnterForeground:" }
for i = 1, 100 do
  coroutine.wrap(function()
    device.home()
    expect.events { "Scene2Delegate.sceneDidEnterBackground:" }
    device.activate()
    expect.order { "Scene2Delegate.sceneWillEnterForeground:" }
  end)()
end
