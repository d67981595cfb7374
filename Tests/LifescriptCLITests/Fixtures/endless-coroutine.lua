-- An endless loop inside a coroutine.
local spin = coroutine.wrap(function()
  while true do end
end)
spin()
