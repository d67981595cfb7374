-- A syntax error: exit 2 with FILE:LINE: message.
local answer = 42
local = answer
