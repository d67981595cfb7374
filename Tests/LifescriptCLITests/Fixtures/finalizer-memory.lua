-- A finalizer whose one allocation is too large for the memory cap: the run fails with the
-- memory limit where the finalizer was, its traceback the finalizer's frames alone.
do
  setmetatable({}, { __gc = function()
    local s = "x"
    while true do s = s .. s end
  end })
end
collectgarbage()
print("not reached")
