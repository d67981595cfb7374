-- A message that is not a string is described; a number is written as Lua writes it.
print(pcall(assert, nil, 1.5))
print(pcall(assert, false, {}))
print(pcall(assert, false, string.rep("x", 3)))
print(pcall(assert))
assert(false, setmetatable({}, { __tostring = function() return "hidden" end }))
