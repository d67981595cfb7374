-- A named test that never ends: the time limit names it, and the tests before it keep their
-- outcome (NamedTestSuiteTests).
test("ends", function() end)
test("loops forever", function()
  while true do end
end)
