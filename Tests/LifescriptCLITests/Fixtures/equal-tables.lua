-- expect.equal shows two tables as a diff and names where they first differ.
local settings = { name = "Main", items = { "a", "c" }, count = 3 }
expect.equal(settings, { name = "Main", items = { "a", "b" }, count = 3 }, "the settings")
