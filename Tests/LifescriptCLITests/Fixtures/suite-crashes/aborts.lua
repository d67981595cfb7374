-- Crashes its worker (with --allow-io): the C library's abort, called as a Lua function, raises
-- SIGABRT. The scenario is an error, reported as a crash, and the suite goes on.
print("about to abort")
local abort = assert(package.loadlib("libc.so.6", "abort"))
abort()
print("never printed")
