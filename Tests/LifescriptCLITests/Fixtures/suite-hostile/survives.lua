-- Runs after the others on the same worker slot: the suite goes on.
local AppDelegate = class("AppDelegate", UIResponder, { "UIApplicationDelegate" })
main(AppDelegate)
expect.order { "new AppDelegate" }
