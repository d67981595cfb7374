-- What each test prints is reported with that test (NamedTestSuiteTests).
test("one", function() print("printed by one") end)
test("two", function()
  print("printed by two")
  io.stderr:write("warned by two\n")
  expect.equal("two", "2")
end)
