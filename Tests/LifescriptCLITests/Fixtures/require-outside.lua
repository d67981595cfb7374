-- Modules come from the scenario folder only.
require("..secrets")
