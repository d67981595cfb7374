-- A test inside a test is an error of that test; the others still run.
test("outer", function()
  test("inner", function() end)
end)

test("after", function()
  expect.equal(1 + 1, 2)
end)
