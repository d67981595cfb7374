-- An Info table that contains itself is an error at the line, not a stack overflow.
local info = { UIApplicationSceneManifest = {} }
info.UIApplicationSceneManifest.Loop = info
Info(info)
