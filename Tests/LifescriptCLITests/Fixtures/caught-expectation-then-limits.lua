-- A failed expectation the script catches, then the memory cap, caught too: the worst outcome
-- (the limit, exit status 2) wins, with its full message.
main(class("AppDelegate", UIResponder))
local ok = pcall(expect.never, "new AppDelegate")
print("caught:", not ok)
pcall(function()
  local t = {}
  for i = 1, 1e9 do t[i] = { i } end
end)
print("not reached")
