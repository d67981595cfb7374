-- A failed expectation the script catches, then a script error: the error (exit status 2) wins,
-- with its whole message, however long.
main(class("AppDelegate", UIResponder))
pcall(expect.never, "new AppDelegate")
error("later failure: " .. string.rep("x", 300))
