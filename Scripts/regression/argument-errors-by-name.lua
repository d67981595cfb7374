-- argument-errors-by-name.lua: a bad argument names the library function however it was
-- called. Called directly, Lua names it from the call site; through pcall, a coroutine or a
-- local alias there is no call site to read, and the libraries being loaded
-- modules lets Lua name them anyway (before: "bad argument #2 to '?'").

local function message(f, ...)
  local ok, err = pcall(f, ...)
  expect.equal(ok, false)
  return err
end

expect.equal(message(expect.equal),
  "bad argument #2 to 'expect.equal' (the expected value is missing; write nil to expect nil)")
expect.equal(message(device.ios, 5),
  "bad argument #1 to 'device.ios' (an iOS release from 12 to 30 expected, like \"18.3\")")

expect.equal(message(coroutine.wrap(expect.equal)),
  "bad argument #2 to 'expect.equal' (the expected value is missing; write nil to expect nil)")

local rotate = device.rotate
expect.equal(message(rotate),
  "bad argument #1 to 'device.rotate' (string expected, got no value)")

-- Lua's own libraries and the global functions were named before and still are.
expect.equal(message(string.rep), "bad argument #1 to 'string.rep' (string expected, got no value)")
expect.equal(message(class), "bad argument #1 to 'class' (string expected, got no value)")
