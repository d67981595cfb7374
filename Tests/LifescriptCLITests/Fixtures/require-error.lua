-- Nested through require: a module that fails while loading.
local helper = require("modules.failing")
print(helper)
