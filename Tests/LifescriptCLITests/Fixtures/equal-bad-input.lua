-- Bad input to expect.equal and expect.same: clear errors; cycles and huge tables end.
local function try(...) print(select(2, pcall(...))) end
try(expect.equal, { 1 })
try(expect.equal, 1, 1, {})
try(expect.same, 1, 1, "message", "more")
local deep = {}
local node = deep
for _ = 1, 150 do node.next = {}; node = node.next end
local other = {}
node = other
for _ = 1, 150 do node.next = {}; node = node.next end
try(expect.equal, deep, other)
local loop = { name = "loop" }; loop.self = loop
local twin = { name = "loop" }; twin.self = twin
expect.equal(loop, twin)
local big = {}
for i = 1, 100000 do big[i] = i end
expect.equal(big, { table.unpack(big, 1, 100000) })
expect.same(2, 2.0)
expect.same(loop, {})
