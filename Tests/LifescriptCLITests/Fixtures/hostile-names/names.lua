-- Test names and reasons that every report must carry without breaking
-- (HostileTestNameReportTests): TAP directives and test lines, YAML and XML markup, quotes,
-- a byte-order mark, noncharacters, invalid UTF-8 and a name of the longest length.
test("# TODO not a directive", function() end)
test("ok 2 - not a test line # SKIP nor this", function() end)
test("back\\slash and #hash", function() end)
test("<testcase name=\"x\"/> &amp; ]]> <![CDATA[", function()
  expect.equal("shown", "expected")
end)
describe("---", function()
  test("...", function() skip("# TODO in a reason ]]> & \"quotes\"") end)
end)
test("bom \u{FEFF} nonchar \u{FFFE} invalid \xff\xfe UTF-8 🚀", function()
  known_issue("- item: not YAML ---")
  expect.equal(1, 2)
end)
test(string.rep("long ", 100), function() end)
