-- Recursion through Swift: an init that makes another instance of its class. A clear
-- "stack overflow" at the script's line, not "not enough memory".
local Node = class("Node", NSObject)
function Node:init()
  self.child = Node.new()
  return self
end
Node.new()
