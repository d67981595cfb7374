-- A finalizer that never returns, assigned to the metatable after setmetatable (which Lua
-- calls all the same): the instruction budget stops it as any other.
local mt = { __gc = true }
do setmetatable({}, mt) end
mt.__gc = function()
  while true do end
end
collectgarbage()
print("not reached")
