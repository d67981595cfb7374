-- A test's name must be a string.
test(42, function() end)
