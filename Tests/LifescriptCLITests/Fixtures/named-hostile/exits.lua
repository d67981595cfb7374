-- A named test that ends its worker process: the tests before it keep their outcome and
-- output, and the file reports the crash (NamedTestSuiteTests).
print("top level")
test("prints and passes", function()
  print("from the first test")
end)
test("exits", function()
  print("leaving")
  os.exit(3)
end)
test("never runs", function() end)
