-- A C library call that runs for ever without a Lua instruction (pattern matching that
-- backtracks): no budget sees it; the wall-clock watchdog ends it.
local text = string.rep("a", 100000)
print(text:find(".-.-.-.-.-b"))
