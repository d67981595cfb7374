-- Bad input to expect.called: clear errors at the scenario's line.
local function try(...) print(select(2, pcall(...))) end
main(class("AppDelegate", UIResponder))
try(expect.called, 5)
try(expect.called, "new AppDelegate", { count = 1 })
try(expect.called, "new AppDelegate", { times = -1 })
try(expect.called, "new AppDelegate", { times = 1.5 })
try(expect.called, "new AppDelegate", { times = "1" })
try(expect.called, "new AppDelegate", 1)
try(expect.called, "new AppDelegate", { [string.rep("t", 300)] = 1 })
try(expect.called, "new AppDelegate", {}, "more")
try(expect.called, "sceneDidBecomeActiv")
expect.called "new AppDelegate"
expect.called("new AppDelegate", { times = 1 })
expect.settled()
expect.called "new AppDelegate"
