-- Each bad argument to the background task API is a clear error at its line, never a crash.
Info { UIBackgroundModes = { "fetch" }, BGTaskSchedulerPermittedIdentifiers = { "com.example.refresh" } }
local AppDelegate = class("AppDelegate", UIResponder, { "UIApplicationDelegate" })
local function fails(action, ...)
  local ok, message = pcall(action, ...)
  assert(not ok, "accepted")
  print((message:gsub("^[^:]*:%d+: ", "")))
end
local cyclic = {}
cyclic.self = cyclic
function AppDelegate:application_didFinishLaunchingWithOptions(application, options)
  local scheduler = BGTaskScheduler.shared
  local register = function(...) return scheduler:registerForTaskWithIdentifier_usingQueue_launchHandler(...) end
  fails(register, 42, nil, function() end)
  fails(register, cyclic, nil, function() end)
  fails(register, "", nil, function() end)
  fails(register, "com.example.refresh", nil, "handler")
  fails(register, "com.example.refresh", nil, nil)
  assert(register("com.example.refresh", nil, function(task)
    fails(function() task.expirationHandler = 5 end)
    task:setTaskCompletedWithSuccess(true)
  end))
  return true
end
main(AppDelegate)
local scheduler = BGTaskScheduler.shared
local submit = function(...) return scheduler:submitTaskRequest_error(...) end
fails(submit, nil)
fails(submit, "com.example.refresh")
fails(submit, BGTaskRequest.new("com.example.refresh"))
fails(submit, BGAppRefreshTaskRequest.new())
fails(function() return submit(BGAppRefreshTaskRequest.new(cyclic)) end)
fails(function() BGAppRefreshTaskRequest.new { identifier = "com.example.refresh", interval = 60 } end)
fails(function() scheduler:cancelTaskRequestWithIdentifier(7) end)
fails(function() scheduler:getPendingTaskRequestsWithCompletionHandler({}) end)
fails(device.run_background_task)
fails(device.run_background_task, 42)
fails(device.run_background_task, "com.example.missing")
fails(device.expire_background_task, "com.example.refresh")
fails(device.background_app_refresh, "off")
assert(submit(BGAppRefreshTaskRequest.new("com.example.refresh")))
device.home()
device.run_background_task("com.example.refresh")
fails(device.run_background_task, "com.example.refresh")
device.kill()
assert(BGTaskScheduler.shared == nil)
