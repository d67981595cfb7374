-- lifecycle-plain.lua: the dispatch benchmark's baseline. The same home-and-back cycle modelled in
-- plain Lua: a state machine that calls the delegate's methods when it has them and records each
-- message and notification as a trace line, as lifescript does.
--
--   LIFESCRIPT_BENCH_CYCLES=100000 lua5.4 Scripts/bench/lifecycle-plain.lua

local cycles = tonumber(os.getenv and os.getenv("LIFESCRIPT_BENCH_CYCLES")) or 100

local calls = 0
local delegate = {}
function delegate:applicationWillResignActive(application) calls = calls + 1 end
function delegate:applicationDidEnterBackground(application) calls = calls + 1 end
function delegate:applicationWillEnterForeground(application) calls = calls + 1 end
function delegate:applicationDidBecomeActive(application) calls = calls + 1 end

local trace = {}
local application = { state = "active" }

local function send(method, selector)
  local implementation = delegate[method]
  if implementation then
    trace[#trace + 1] = "AppDelegate." .. selector
    implementation(delegate, application)
  end
end

local function post(name) trace[#trace + 1] = "post " .. name end

local function transition(from, to, steps)
  if application.state ~= from then return end
  for _, step in ipairs(steps) do
    send(step[1], step[2])
    post(step[3])
  end
  application.state = to
end

local toBackground = {
  { "applicationWillResignActive", "applicationWillResignActive:", "UIApplicationWillResignActiveNotification" },
  { "applicationDidEnterBackground", "applicationDidEnterBackground:", "UIApplicationDidEnterBackgroundNotification" },
}
local toForeground = {
  { "applicationWillEnterForeground", "applicationWillEnterForeground:", "UIApplicationWillEnterForegroundNotification" },
  { "applicationDidBecomeActive", "applicationDidBecomeActive:", "UIApplicationDidBecomeActiveNotification" },
}

send("applicationDidBecomeActive", "applicationDidBecomeActive:")
for _ = 1, cycles do
  transition("active", "background", toBackground)
  transition("background", "active", toForeground)
end
assert(calls == 4 * cycles + 1, calls)
print(string.format("%d messages", calls))
