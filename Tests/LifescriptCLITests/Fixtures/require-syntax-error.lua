-- A module with a syntax error.
require("modules.broken")
