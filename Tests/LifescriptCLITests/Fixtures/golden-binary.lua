-- A golden file that is binary data is bad input (exit 2).
main(class("AppDelegate", UIResponder))
expect.golden()
