-- No device ends an interruption that never began: an error at the line, exit 2 (a second home
-- press, which a device ignores, is only traced).
main(class("AppDelegate", UIResponder))
device.home()
device.home()
device.activate()
device.end_interruption()
