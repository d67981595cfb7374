-- A URL with a NUL inside: the message escapes it as Lua would, never a raw NUL.
device.open_url("demo://item\0/7")
