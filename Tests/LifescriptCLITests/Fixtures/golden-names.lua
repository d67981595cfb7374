-- Golden names are letters, digits, '-' and '_': anything else could leave the scenario's
-- folder or name no file, and is an error at the call (exit 2). The message shows the name
-- escaped and shortened.
local hostile = { "../secrets", "a/b", "", "a.b", "naïve", "\27[31mred\n", string.rep("x", 1000), 42, {} }
for _, name in ipairs(hostile) do
  print(select(2, pcall(function() expect.golden(name) end)))
end
expect.golden("../../etc/passwd")
