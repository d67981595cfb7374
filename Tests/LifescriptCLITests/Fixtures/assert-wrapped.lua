-- An assert's message made into a new error is an error of the script.
local ok, message = pcall(assert, false, "the draft was saved")
error("while saving: " .. message)
