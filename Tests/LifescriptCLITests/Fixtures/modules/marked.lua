-- A module saved with a UTF-8 byte-order mark (byte-order-mark.lua requires it).
local M = { name = "module" }
function M.fail()
  error("the module failed at line 4")
end
return M
