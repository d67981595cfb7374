-- A failed expectation the script catches, then an endless loop: the instruction limit (exit
-- status 2) wins.
main(class("AppDelegate", UIResponder))
pcall(expect.never, "new AppDelegate")
while true do end
