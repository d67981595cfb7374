-- A finalizer swapped in after setmetatable escapes the budget; the wall-clock watchdog ends it.
local mt = { __gc = function() end }
do
  setmetatable({}, mt)
end
mt.__gc = function()
  while true do end
end
collectgarbage()
