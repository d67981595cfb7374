-- lifecycle.lua: the dispatch benchmark's lifescript side. An app delegate with the four state
-- methods goes home and back LIFESCRIPT_BENCH_CYCLES times (100 when run as a test): per cycle
-- UIKit delivers four messages to Lua methods and posts four notifications, all traced.
--
--   LIFESCRIPT_BENCH_CYCLES=100000 lifescript run --allow-io Scripts/bench/lifecycle.lua

local cycles = tonumber(os.getenv and os.getenv("LIFESCRIPT_BENCH_CYCLES")) or 100

local AppDelegate = class("AppDelegate", UIResponder, { "UIApplicationDelegate" })
local calls = 0
function AppDelegate:applicationWillResignActive(application) calls = calls + 1 end
function AppDelegate:applicationDidEnterBackground(application) calls = calls + 1 end
function AppDelegate:applicationWillEnterForeground(application) calls = calls + 1 end
function AppDelegate:applicationDidBecomeActive(application) calls = calls + 1 end

main(AppDelegate)
for _ = 1, cycles do
  device.home()
  device.activate()
end
assert(calls == 4 * cycles + 1, calls)
print(string.format("%d messages", calls))
