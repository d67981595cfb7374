-- One test errors, one fails, one loops: each is reported alone and the others run.
test("passes", function()
  expect.equal(#trace(), 0)
end)

test("errors", function()
  local missing = nil
  return missing.field
end)

test("fails", function()
  expect.equal("active", "background")
end)

test("loops", function()
  while true do end
end)

test("passes after", function()
  expect.equal(#trace(), 0)
end)
