-- The device does not know the app until UIApplicationMain runs.
device.open_url("demo://item/7")
