-- A memory bomb made of tables.
local all = {}
for i = 1, math.huge do
  all[i] = { i, i, i }
end
