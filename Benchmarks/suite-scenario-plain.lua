-- The suite benchmark's baseline scenario: the same app and checks as suite-scenario.lua,
-- modelled in plain Lua (delegates, a trace, a launch, home and back, ordered expectations),
-- for Benchmarks/suite-runner.lua under lua5.4.
local trace = {}
local function record(line) trace[#trace + 1] = line end

local AppDelegate, SceneDelegate = {}, {}
function AppDelegate:configurationForConnecting() return { delegateClass = SceneDelegate } end
function SceneDelegate:willConnect(scene) self.window = { scene = scene, key = true } end
function SceneDelegate:didBecomeActive() end
function SceneDelegate:willResignActive() end
function SceneDelegate:didEnterBackground() end
function SceneDelegate:willEnterForeground() end

local function send(receiver, class, method, selector, ...)
  record(class .. "." .. selector)
  return receiver[method](receiver, ...)
end
local function post(name) record("post " .. name) end

record("new UIApplication")
record("new AppDelegate")
send(AppDelegate, "AppDelegate", "configurationForConnecting",
  "application:configurationForConnectingSceneSession:options:")
local scene = { delegate = setmetatable({}, { __index = SceneDelegate }) }
record("new UIWindowScene")
record("new SceneDelegate")
send(scene.delegate, "SceneDelegate", "willConnect", "scene:willConnectToSession:options:", scene)
post("UISceneWillConnectNotification")
send(scene.delegate, "SceneDelegate", "willEnterForeground", "sceneWillEnterForeground:")
post("UISceneWillEnterForegroundNotification")
send(scene.delegate, "SceneDelegate", "didBecomeActive", "sceneDidBecomeActive:")
post("UISceneDidActivateNotification")

local checkpoint = 1
local function order(expected)
  local index = 1
  for i = checkpoint, #trace do
    if index <= #expected and trace[i]:find(expected[index], 1, true) then index = index + 1 end
  end
  assert(index > #expected, "expected " .. tostring(expected[index]))
  checkpoint = #trace + 1
end

order { "scene:willConnectToSession:options:", "sceneDidBecomeActive:" }
send(scene.delegate, "SceneDelegate", "willResignActive", "sceneWillResignActive:")
post("UISceneWillDeactivateNotification")
send(scene.delegate, "SceneDelegate", "didEnterBackground", "sceneDidEnterBackground:")
post("UISceneDidEnterBackgroundNotification")
order { "SceneDelegate.sceneWillResignActive:", "SceneDelegate.sceneDidEnterBackground:" }
send(scene.delegate, "SceneDelegate", "willEnterForeground", "sceneWillEnterForeground:")
post("UISceneWillEnterForegroundNotification")
send(scene.delegate, "SceneDelegate", "didBecomeActive", "sceneDidBecomeActive:")
post("UISceneDidActivateNotification")
order { "SceneDelegate.sceneWillEnterForeground:", "SceneDelegate.sceneDidBecomeActive:" }
