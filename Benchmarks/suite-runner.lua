-- The suite benchmark's baseline runner: runs each file named on the command line in a fresh
-- environment, as a plain-Lua test runner would, and closes with "N passed, N failed".
--
--   lua5.4 Benchmarks/suite-runner.lua a.lua b.lua ...
local passed, failed = 0, 0
for _, path in ipairs(arg) do
  local environment = setmetatable({}, { __index = _G })
  local chunk, problem = loadfile(path, "t", environment)
  local ok = chunk ~= nil and pcall(chunk)
  if ok then passed = passed + 1 else failed = failed + 1 end
  if not ok then io.stderr:write(path, ": ", tostring(problem), "\n") end
end
print(string.format("%d passed, %d failed", passed, failed))
