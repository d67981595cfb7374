-- Two tests of one file may not share a name: a report could not tell them apart.
test("launch", function() end)

describe("group", function()
  test("launch", function() end)   -- "group / launch": a different name
end)

test("launch", function() end)
