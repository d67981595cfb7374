-- A finalizer that never returns, on an object still alive when the script ends: Lua runs it
-- as the state closes, and the instruction budget stops it there as it would have earlier.
kept = setmetatable({}, { __gc = function()
  while true do end
end })
print("the script ended")
