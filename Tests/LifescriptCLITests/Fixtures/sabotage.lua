-- Scripts that sabotage the standard library cannot break error reporting.
debug = nil
pcall, error, xpcall, require = nil, nil, nil, nil
getmetatable("").__index = nil
string = nil
setmetatable(_G, { __index = function() return "trap" end })
local settings = nil
print(settings.theme)
