-- Cold-start scenario: plain Lua that both `lifescript run` and `lua5.4` run unchanged.
local AppDelegate = { events = {} }

function AppDelegate:didFinishLaunching() table.insert(self.events, "launched") end
function AppDelegate:didBecomeActive() table.insert(self.events, "active") end

AppDelegate:didFinishLaunching()
AppDelegate:didBecomeActive()
print("app delegate: " .. table.concat(AppDelegate.events, " -> "))
