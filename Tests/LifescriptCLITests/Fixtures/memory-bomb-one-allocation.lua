-- One allocation far past the cap: it is refused at once, and Lua raises its memory error without
-- running another instruction, so the report names the file alone.
local s = string.rep("x", 100 << 20)
print("never printed", #s)
