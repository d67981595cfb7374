-- One golden file holds one trace: the same name twice in a scenario is an error (exit 2).
main(class("AppDelegate", UIResponder))
expect.golden("launch")
device.home()
expect.golden("launch")
