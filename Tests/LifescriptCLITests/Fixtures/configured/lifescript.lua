-- The suite's settings (Documentation/Reference/lifescript-lua.md): every scenario below runs
-- on iOS 18.3 with the app's own Info.plist, Lua's warn stays quiet, and drafts are not run.
ios = "18.3"
info = "App/Info.plist"
ignore_warnings = { "lua-warn" }
exclude = { "drafts/**" }
