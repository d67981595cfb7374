-- A failed assert caught and raised again unchanged still fails the scenario at its line.
local ok, message = pcall(function() assert(false, "the draft was saved") end)
error(message, 0)
