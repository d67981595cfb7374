-- UIWindow(windowScene:) needs a scene.
local window = UIWindow.new { windowScene = "main" }
