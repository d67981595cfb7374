-- A bad argument to a function the sandbox wraps (os.date keeps dates in UTC) is reported at
-- the script's line and names os.date as Lua does, not a line of the sandbox.
print(os.date("%Y", 0))
print(os.date("%Ez", 0))
