-- What the sandbox's stable pairs costs (Documentation/Reference/sandbox.md#iteration-order):
-- time `lifescript run --max-instructions none Benchmarks/pairs-order.lua` against the same
-- file run by lua5.4, whose pairs is Lua's own. Two shapes: many traversals of a small
-- string-keyed table (a delegate's options), and a few of a large one.
local small = { window = 1, scene = 2, delegate = 3, root = 4, alpha = 5, zeta = 6, beta = 7 }
local large = {}
for i = 1, 10000 do large["key" .. i] = i end
local sum = 0
for _ = 1, 100000 do
  for _, value in pairs(small) do sum = sum + value end
end
for _ = 1, 50 do
  for _, value in pairs(large) do sum = sum + value end
end
print(sum)
