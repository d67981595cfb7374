-- first-run.lua: the smallest lifescript scenario.
--
-- A scenario is a Lua 5.4 file. lifescript runs it in a fresh, deterministic sandbox: time is
-- virtual and starts at 2026-01-01T00:00:00Z, math.random is seeded from --seed, and io,
-- os.execute and os.exit are not there unless you pass --allow-io. The UIKit vocabulary of
-- Documentation/Reference/scenario-language.md (class, UIApplicationMain, device.*, expect.*)
-- is built on this host.
--
--   lifescript run Scripts/examples/first-run.lua

local AppDelegate = {}
AppDelegate.__index = AppDelegate

function AppDelegate.new()
  return setmetatable({ calls = {} }, AppDelegate)
end

function AppDelegate:application_didFinishLaunchingWithOptions(application, options)
  self.calls[#self.calls + 1] = "application:didFinishLaunchingWithOptions:"
  return true
end

function AppDelegate:applicationDidBecomeActive(application)
  self.calls[#self.calls + 1] = "applicationDidBecomeActive:"
end

local delegate = AppDelegate.new()
assert(delegate:application_didFinishLaunchingWithOptions(nil, {}) == true)
delegate:applicationDidBecomeActive(nil)

print(os.date("%H:%M:%S") .. "  " .. table.concat(delegate.calls, ", "))
