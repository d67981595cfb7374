local M = {}
function M.boom()
  error("module failed")
end
M.boom()
return M
