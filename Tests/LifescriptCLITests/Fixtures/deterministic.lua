-- Deterministic: the same seed gives the same output on every run and machine.
print(os.time(), os.clock(), os.date("%Y-%m-%d %H:%M:%S"))
print(math.random(1, 1000), math.random(1, 1000), math.random())
local t = {}
for k in pairs({ a = 1, b = 2, c = 3, d = 4 }) do t[#t + 1] = k end
table.sort(t)
print(table.concat(t, ","))
