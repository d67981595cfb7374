# a first line that starts with "#", after a byte-order mark (byte-order-mark.lua loads it)
return "chunk"
