-- A window's rootViewController is a view controller or nil; anything else is an error, not a
-- window without a root.
local window = UIWindow.new()
window.rootViewController = 5
