-- sandbox.lua: the guarantees every scenario can rely on, checked from inside a scenario.
--
--   lifescript run Scripts/regression/sandbox.lua

-- Time is virtual: it starts at 2026-01-01T00:00:00Z and does not move on its own.
assert(os.time() == 1767225600, "os.time starts at the virtual epoch")
assert(os.clock() == 0, "os.clock is virtual")
assert(os.date("%Y-%m-%d %H:%M:%S") == "2026-01-01 00:00:00", "dates are UTC")
assert(os.time { year = 2026, month = 1, day = 1, hour = 0 } == os.time())

-- Randomness is seeded (--seed, default 0): the same draws on every run.
math.randomseed()
local first = { math.random(1000), math.random(1000), math.random(1000) }
math.randomseed()
assert(math.random(1000) == first[1] and math.random(1000) == first[2])

-- Nothing reaches outside without --allow-io.
assert(io == nil and os.execute == nil and os.exit == nil and os.getenv == nil)
assert(package.loadlib == nil and package.cpath == "")
assert(debug.sethook == nil and debug.getregistry == nil)

-- Binary chunks are refused.
local chunk, message = load(string.dump(function() end))
assert(chunk == nil and message == "attempt to load a binary chunk (mode is 't')")

-- Memory is capped (--max-memory, default 64 MiB): what fits under the cap works, and reaching
-- it ends the run with the limit's message, even inside a pcall that would carry on (as the
-- failing fixture memory-bomb-caught.lua in Tests/LifescriptCLITests shows).
assert(#string.rep("x", 1 << 20) == 1 << 20)

-- Errors from Swift use Lua's own wording.
local ok2, bad = pcall(function() return print(setmetatable({}, { __tostring = function() return {} end })) end)
assert(not ok2 and bad:find("'__tostring' must return a string", 1, true))
