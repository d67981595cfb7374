-- A name with its groups is at most 500 bytes.
describe(string.rep("group ", 50), function()
  test(string.rep("name ", 50), function() end)
end)
