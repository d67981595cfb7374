-- A failed expectation fails the run even if the script catches its error.
main(class("AppDelegate", UIResponder))
local ok = pcall(expect.never, "new AppDelegate")
print("caught:", not ok)
