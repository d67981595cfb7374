-- A runtime error: exit 2 with the message and a traceback.
local function divide(a, b)
  if b == 0 then error("division by zero") end
  return a / b
end

local function average(list)
  return divide(#list, 0)
end

average({ 1, 2, 3 })
