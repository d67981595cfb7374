-- A golden file with a line that is not a trace line is bad input (exit 2), at its line.
main(class("AppDelegate", UIResponder))
expect.golden()
