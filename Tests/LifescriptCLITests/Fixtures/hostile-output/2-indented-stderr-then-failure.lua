-- Standard error whose first line is indented (a YAML block cannot carry it), then a failed
-- expectation (exit 1).
io.stderr:write("    indented first line\n\n...\n\tand a tab\n")
local AppDelegate = class("AppDelegate", UIResponder, { "UIApplicationDelegate" })
main(AppDelegate)
expect.events { "AppDelegate.applicationWillTerminate:" }
