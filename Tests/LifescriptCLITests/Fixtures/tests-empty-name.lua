-- A test's name must say something.
test("  ", function() end)
