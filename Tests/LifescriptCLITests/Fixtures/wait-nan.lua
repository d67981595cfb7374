-- NaN is not a time: wait and busy say so, rather than that it is negative.
local ok, message = pcall(busy, 0/0)
print(message)
wait(0/0)
