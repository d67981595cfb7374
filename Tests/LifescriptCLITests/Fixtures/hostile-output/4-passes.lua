-- Passes after printing hostile text to both streams: only a failure has a YAML block.
print("...\n---\nnot ok 7")
io.stderr:write("\n...\n\xff\n")
local AppDelegate = class("AppDelegate", UIResponder, { "UIApplicationDelegate" })
main(AppDelegate)
