-- A name is one line: it becomes a line of every report.
test("first line\nsecond line", function() end)
