-- scheduled-background-tasks.lua: BGTaskScheduler in an app without scenes, as
-- Documentation/UIKit/background-launches.md says (§19.1, §19.4, §19.5): launch handlers are
-- registered in didFinishLaunching (later is NSInternalInconsistencyException, "All launch
-- handlers must be registered before application finishes launching"); submitting fails with the
-- BGTaskSchedulerErrorDomain errors Apple documents (not permitted, too many pending,
-- unavailable); the system runs a pending task by launching the app into the background
-- (will/didFinishLaunching read background, applicationDidEnterBackground, then the launch
-- handler) or by resuming it, never while it is in front or after the user swiped it away. The
-- task keeps the app running until setTaskCompletedWithSuccess:; when its time is up the
-- expirationHandler runs, and a task still not completed ends the app.
--
--   lifescript run --trace Scripts/regression/scheduled-background-tasks.lua

device.ios("18.3")
Info {
  UIMainStoryboardFile = "Main",
  UIBackgroundModes = { "fetch", "processing" },
  BGTaskSchedulerPermittedIdentifiers = { "com.example.refresh", "com.example.cleanup" },
}
Storyboard("Main", { initialViewController = "ViewController" })

local seen = {}
local function note(name) seen[#seen + 1] = name .. " " .. UIApplication.shared.applicationState end
local function reads(expected)
  local actual = table.concat(seen, "\n")
  seen = {}
  assert(actual == table.concat(expected, "\n"),
    "\nexpected:\n" .. table.concat(expected, "\n") .. "\nactual:\n" .. actual)
end

-- What the launch handler does with its task: complete it at once, keep it (and complete it in
-- the expiration handler, or not), or set no expiration handler.
local mode = "complete"
local kept
local function handle(task)
  note("launch " .. task.identifier)
  if mode == "complete" then
    task:setTaskCompletedWithSuccess(true)
    return
  end
  kept = task
  if mode == "keep" then
    task.expirationHandler = function()
      note("expiration " .. task.identifier)
      task:setTaskCompletedWithSuccess(false)
    end
  elseif mode == "ignore expiration" then
    task.expirationHandler = function() note("expiration " .. task.identifier) end
  end
end

local AppDelegate = class("AppDelegate", UIResponder, { "UIApplicationDelegate" })
AppDelegate.properties = { "window" }
local registered = {}
function AppDelegate:application_willFinishLaunchingWithOptions(application, launchOptions)
  note("willFinishLaunching")
  return true
end
function AppDelegate:application_didFinishLaunchingWithOptions(application, launchOptions)
  note("didFinishLaunching")
  local scheduler = BGTaskScheduler.shared
  registered = {
    scheduler:registerForTaskWithIdentifier_usingQueue_launchHandler("com.example.refresh", nil, handle),
    scheduler:registerForTaskWithIdentifier_usingQueue_launchHandler("com.example.cleanup", nil, handle),
    -- Not in BGTaskSchedulerPermittedIdentifiers: NO (§19.4 item 3).
    scheduler:registerForTaskWithIdentifier_usingQueue_launchHandler("com.example.other", nil, handle),
  }
  return true
end
function AppDelegate:applicationDidBecomeActive(application) note("applicationDidBecomeActive") end
function AppDelegate:applicationDidEnterBackground(application) note("applicationDidEnterBackground") end
function AppDelegate:applicationWillEnterForeground(application) note("applicationWillEnterForeground") end
function AppDelegate:applicationWillTerminate(application) end

ViewController = class("ViewController", UIViewController)
function ViewController:viewDidLoad() end

main(AppDelegate)
assert(registered[1] == true and registered[2] == true and registered[3] == false)
seen = {}
expect.order {}                            -- moves the checkpoint

-- 1. Submitting (§19.4 item 4): true, or false and the error.
local scheduler = BGTaskScheduler.shared
assert(scheduler:submitTaskRequest_error(BGAppRefreshTaskRequest.new("com.example.refresh")) == true)
local ok, err = scheduler:submitTaskRequest_error(BGAppRefreshTaskRequest.new("com.example.other"))
assert(ok == false and err.domain == "BGTaskSchedulerErrorDomain" and err.code == 3
  and err.name == "BGTaskSchedulerErrorCodeNotPermitted")
assert(err.description == 'Error Domain=BGTaskSchedulerErrorDomain Code=3 "(null)"')
-- One refresh task at a time; a processing request is another kind.
ok, err = scheduler:submitTaskRequest_error(BGAppRefreshTaskRequest.new("com.example.cleanup"))
assert(not ok and err.name == "BGTaskSchedulerErrorCodeTooManyPendingTaskRequests")
local cleanup = BGProcessingTaskRequest.new("com.example.cleanup")
cleanup.requiresExternalPower = true
assert(scheduler:submitTaskRequest_error(cleanup))
device.background_app_refresh(false)
ok, err = scheduler:submitTaskRequest_error(BGAppRefreshTaskRequest.new("com.example.refresh"))
assert(not ok and err.name == "BGTaskSchedulerErrorCodeUnavailable" and err.code == 1)
device.background_app_refresh(true)
local pending
scheduler:getPendingTaskRequestsWithCompletionHandler(function(requests) pending = requests end)
wait(0)
assert(#pending == 2 and pending[1].identifier == "com.example.refresh"
  and pending[2].identifier == "com.example.cleanup" and pending[2].requiresExternalPower)

-- 2. In front, the system does not run the task (INFERRED); it stays pending.
device.run_background_task("com.example.refresh")
expect.events {
  "device run_background_task com.example.refresh (ignored: the app is in the foreground; the system runs the task once it is in the background)",
}

-- 3. Suspended: resumed, applicationDidEnterBackground again, then the launch handler (§19.1).
device.home()
seen = {}
expect.order {}                            -- moves the checkpoint
device.run_background_task("com.example.refresh")
expect.events {
  "AppDelegate.applicationDidEnterBackground:",
  "post UIApplicationDidEnterBackgroundNotification",
  "new BGAppRefreshTask",
}
reads { "applicationDidEnterBackground background", "launch com.example.refresh background" }
device.kill()                              -- completed, so suspended: no applicationWillTerminate
expect.never "applicationWillTerminate:"

-- 4. A force quit: no task until the user opens the app (§19.2 item 7).
device.run_background_task("com.example.cleanup")
expect.events { "device run_background_task com.example.cleanup (ignored: the user force-quit the app)" }
device.activate()
device.terminate_in_background()           -- the system ended it: not a force quit
seen = {}
expect.order {}                            -- moves the checkpoint

-- 5. Not running: a background launch (§19.1), the handlers registered again.
device.run_background_task("com.example.cleanup")
expect.never "applicationDidBecomeActive:"
expect.never "ViewController.viewDidLoad"  -- the window is loaded, not shown
expect.events {
  "new UIApplication",
  "new AppDelegate",
  "new ViewController",
  "ViewController.initWithCoder:",
  "ViewController.awakeFromNib",
  "AppDelegate.window",
  "new UIWindow",
  "AppDelegate.setWindow:",
  "UIWindow.setRootViewController:",
  "AppDelegate.application:willFinishLaunchingWithOptions:",
  "AppDelegate.application:didFinishLaunchingWithOptions:",
  "post UIApplicationDidFinishLaunchingNotification",
  "AppDelegate.applicationDidEnterBackground:",
  "post UIApplicationDidEnterBackgroundNotification",
  "new BGProcessingTask",
}
reads {
  "willFinishLaunching background",
  "didFinishLaunching background",
  "applicationDidEnterBackground background",
  "launch com.example.cleanup background",
}

-- 6. The first foreground (§19.5): no second launch; the window appears now.
device.activate()
expect.order { "applicationWillEnterForeground:", "ViewController.viewDidLoad", "applicationDidBecomeActive:" }
expect.never "application:didFinishLaunchingWithOptions:"
seen = {}

-- 7. A task kept running: the expiration handler at 30 s; completed there, the app is suspended.
assert(BGTaskScheduler.shared:submitTaskRequest_error(BGAppRefreshTaskRequest.new("com.example.refresh")))
device.home()
seen = {}
mode = "keep"
device.run_background_task("com.example.refresh")
wait(29)
reads { "applicationDidEnterBackground background", "launch com.example.refresh background" }
wait(1)
reads { "expiration com.example.refresh background" }
device.kill()
expect.never "applicationWillTerminate:"

-- 8. No expiration handler: the system marks the task complete and unsuccessful (§19.4 item 6).
device.activate()
assert(BGTaskScheduler.shared:submitTaskRequest_error(BGAppRefreshTaskRequest.new("com.example.refresh")))
device.home()
mode = "no expiration handler"
device.run_background_task("com.example.refresh")
expect.order {}                            -- moves the checkpoint
wait(30)
expect.log 'the background task "com.example.refresh" expired without an expirationHandler'

-- 9. The system ends a task early (§19.4 item 6), and one never completed ends the app (item 7).
device.activate()
assert(BGTaskScheduler.shared:submitTaskRequest_error(BGAppRefreshTaskRequest.new("com.example.refresh")))
device.home()
mode = "ignore expiration"
device.run_background_task("com.example.refresh")
seen = {}
wait(10)
device.expire_background_task("com.example.refresh")
reads { "expiration com.example.refresh background" }
expect.order {
  "terminated [lifescript: UIKit's exact text is not public] the app did not call setTaskCompletedWithSuccess: on the background task \"com.example.refresh\" before its time expired (see Documentation/UIKit/background-launches.md#background-tasks)",
}
assert(UIApplication.shared == nil and BGTaskScheduler.shared == nil, "the process is gone")
-- The task went with its process: using it now is the script's error, at its line.
local completed, message = pcall(function() kept:setTaskCompletedWithSuccess(true) end)
assert(not completed and message:find("BGAppRefreshTask: 0x%x+> belonged to the app's process, which ended at t = 70s; its objects are gone"), message)

-- 10. Cancelled requests do not run.
device.activate()
assert(BGTaskScheduler.shared:submitTaskRequest_error(BGAppRefreshTaskRequest.new("com.example.refresh")))
BGTaskScheduler.shared:cancelAllTaskRequests()
local ran, message = pcall(device.run_background_task, "com.example.refresh")
assert(not ran and message:find('no task request with identifier "com.example.refresh" is pending', 1, true))
