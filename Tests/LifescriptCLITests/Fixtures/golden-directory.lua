-- A directory where the golden file should be is bad input (exit 2).
main(class("AppDelegate", UIResponder))
expect.golden()
