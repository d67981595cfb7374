-- Finalizers still pending when the instruction budget runs out: the run ends with the limit's
-- message alone, without a warning for each finalizer that could not run.
local kept = {}
for i = 1, 10 do
  kept[i] = setmetatable({}, { __gc = function() local garbage = { i } end })
end
while true do end
