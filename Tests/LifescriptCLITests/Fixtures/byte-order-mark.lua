#!/usr/bin/env lifescript run
-- Saved with a UTF-8 byte-order mark and a first line that starts with "#", as lua5.4 takes
-- them: the scenario, the module it requires and the files it loads keep their line numbers.
local marked = require("modules.marked")
print(marked.name, loadfile("modules/marked-chunk.lua")(), dofile("modules/marked-chunk.lua"))
marked.fail()
