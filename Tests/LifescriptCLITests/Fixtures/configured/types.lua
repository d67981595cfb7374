---@meta lifescript
-- Stands for the editor definitions `lifescript types > types.lua` writes: a file that begins
-- with ---@meta is not a scenario, so `lifescript test` leaves it out. (Run as one, it would
-- pass without launching anything.)

---@class UIResponder
UIResponder = {}
