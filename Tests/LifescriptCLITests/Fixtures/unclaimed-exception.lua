-- An uncaught exception that no expect.exception claims fails the scenario (exit 1).
UIApplicationMain(nil, "NoSuchDelegate")
print("the script goes on")
