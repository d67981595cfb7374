-- A memory bomb inside a coroutine: the report gives the coroutine's line and traceback.
local grow = coroutine.wrap(function()
  local all = {}
  for i = 1, math.huge do
    all[i] = { i, tostring(i) }
  end
end)
grow()
