-- An error raised in Lua, called from Swift (print -> __tostring), called from Lua.
local broken = setmetatable({}, {
  __tostring = function() error("cannot describe this value") end,
})
print("before")
print(broken)
