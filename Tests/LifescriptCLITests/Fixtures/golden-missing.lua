-- expect.golden() without its golden file: an expectation failure that says how to record it.
main(class("AppDelegate", UIResponder))
expect.golden()
