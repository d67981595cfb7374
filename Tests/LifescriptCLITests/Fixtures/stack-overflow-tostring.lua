-- Recursion through Swift: a __tostring that prints its own value.
local loop = setmetatable({}, { __tostring = function(self)
  print(self)
  return "loop"
end })
print(loop)
