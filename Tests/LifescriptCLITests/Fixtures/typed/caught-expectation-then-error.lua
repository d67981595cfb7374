-- An error after a failed expectation the script caught: the worse outcome, the error, ends the
-- run, reported whole.
main(class("AppDelegate", UIResponder))
pcall(expect.never, "new AppDelegate")
local settings = nil
print(settings.theme)
