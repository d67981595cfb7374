-- A finalizer that never returns: Lua runs it with hooks off; the sandbox runs it in a coroutine.
do
  setmetatable({}, { __gc = function()
    while true do end
  end })
end
collectgarbage()
print("not reached")
