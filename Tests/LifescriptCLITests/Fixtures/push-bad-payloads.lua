-- A payload is JSON: each bad one is a clear error at its line, never a crash.
Info { UIBackgroundModes = { "remote-notification" } }
main(class("AppDelegate", UIResponder, { "UIApplicationDelegate" }))
local function fails(payload, options, action)
  local ok, message = pcall(action or device.push, payload, options)
  assert(not ok, "accepted")
  print(message)
end
fails("hello")
local cyclic = { aps = { ["content-available"] = 1 } }
cyclic.aps.again = cyclic
fails(cyclic)
local deep = { aps = { ["content-available"] = 1 } }
local level = deep
for _ = 1, 40 do level.a = {}; level = level.a end
fails(deep)
fails({ data = string.rep("x", 5000) }, { content_available = true })
fails({ items = {} , [1] = "x" }, { content_available = true })
fails({ items = { 1, 2, [4] = 4 } }, { content_available = true })
fails({ handler = print }, { content_available = true })
fails({ ratio = 0/0 }, { content_available = true })
fails({ aps = "silent" })
fails({ aps = { ["content-available"] = "yes" } })
fails({ aps = { ["content-available"] = 1 } }, { content_available = false })
fails({ id = 7 }, { contentAvailable = true })
fails({ id = 7 }, { content_available = 1 })
fails({ 1, 2 }, { content_available = true })
fails({ id = 7 }, { action = 3 }, device.tap_notification)
fails({ id = 7 }, { identifier = "reply" }, device.tap_notification)
fails({ id = print }, nil, device.tap_notification)
fails({ big = 1/0 }, { content_available = true })
fails({ sent = os.time, aps = { ["content-available"] = 1 } })
