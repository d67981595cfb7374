-- explore-bindings.lua: the scenario's side of lifescript explore (Documentation/Reference/
-- explore.md) from inside coroutines, and its bad input. Each function reads the coroutine's
-- own stack; explore.start() is refused there; every bad argument is an error at its line.
-- Under lifescript run the file replays explore.path at its start point (the end of the file)
-- with its invariants checked, as a counterexample does.
--
--   lifescript run --trace Scripts/regression/explore-bindings.lua

Info {
  UIApplicationSceneManifest = {
    UISceneConfigurations = {
      UIWindowSceneSessionRoleApplication = {
        { UISceneConfigurationName = "Default", UISceneDelegateClassName = "SceneDelegate" },
      },
    },
  },
}
local AppDelegate = class("AppDelegate", UIResponder, { "UIApplicationDelegate" })
function AppDelegate:application_didFinishLaunchingWithOptions(application, options) return true end
SceneDelegate = class("SceneDelegate", UIResponder, { "UIWindowSceneDelegate" })

local function errorOf(f, ...)
  local ok, message = pcall(f, ...)
  assert(not ok, "expected an error")
  return (tostring(message):gsub("^[^:]*:%d+: ", ""))
end

-- Inside coroutines, 200 times over, with pcall catching each error: the arguments are the
-- coroutine's, never the suspended main thread's.
local checks = 0
for round = 1, 200 do
  local co = coroutine.wrap(function(name)
    coroutine.yield(pcall(invariant, name, function() checks = checks + 1 return true end))
    coroutine.yield(errorOf(invariant, name, function() return true end))
    coroutine.yield(errorOf(explore.start))
  end)
  assert(co("holds " .. round) == true)
  expect.equal(co("holds " .. round),
    'an invariant named "holds ' .. round .. '" is already declared at line 33; names must differ')
  expect.equal(co(),
    "explore.start() inside a coroutine: mark the start point in the file's own code, where the scenario's user and system act")
end
-- A path is a list of Lua statements: bad ones are refused before it is set.
local long = {}
for i = 1, 1001 do long[i] = "device.home()" end
expect.equal(errorOf(explore.path, "device.home()"),
  "bad argument #1 to 'explore.path' (table expected, got string)")
expect.equal(errorOf(explore.path, { 1 }),
  "bad argument #1 to 'explore.path' (step 1 must be a Lua statement as a string, got number)")
expect.equal(errorOf(explore.path, { [2] = "device.home()" }),
  "bad argument #1 to 'explore.path' (a list of Lua statements expected (keys 1 to n))")
expect.equal(errorOf(explore.path, long),
  "bad argument #1 to 'explore.path' (a path has at most 1000 steps, got 1001)")
local cyclic = {} cyclic[1] = cyclic
expect.equal(errorOf(explore.path, cyclic),
  "bad argument #1 to 'explore.path' (step 1 must be a Lua statement as a string, got table)")

coroutine.wrap(function()
  explore.state(function() return { scenes = #UIApplication.shared.connectedScenes } end)
  explore.path { "device.home()", "device.activate()" }
end)()

-- Bad input, each an error at its line.
expect.equal(errorOf(invariant, nil, function() end),
  "bad argument #1 to 'invariant' (string expected, got nil)")
expect.equal(errorOf(invariant, "", function() end),
  "bad argument #1 to 'invariant' (an invariant's name is one line of 1 to 200 bytes without control characters)")
expect.equal(errorOf(invariant, "two\nlines", function() end),
  "bad argument #1 to 'invariant' (an invariant's name is one line of 1 to 200 bytes without control characters)")
expect.equal(errorOf(invariant, string.rep("x", 201), function() end),
  "bad argument #1 to 'invariant' (an invariant's name is one line of 1 to 200 bytes without control characters)")
expect.equal(errorOf(invariant, "no check", true),
  "bad argument #2 to 'invariant' (function expected, got boolean)")
expect.equal(errorOf(explore.state, function() end), "explore.state: the state key is already set; call it once")
expect.equal(errorOf(explore.path, {}), "explore.path: the path is already set; call it once")
expect.equal(errorOf(explore.scene, "one"), "bad argument #1 to 'explore.scene' (number expected, got string)")

main(AppDelegate)
coroutine.wrap(function()
  expect.same(explore.scene(1), UIApplication.shared.connectedScenes[1])
  expect.equal(explore.scene(99), nil)
end)()
-- The start point is the end of the file: the path replays there, the invariants checked
-- before it and after each step.
