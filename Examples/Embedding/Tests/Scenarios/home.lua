-- The README's embedding example: AppDelegate is a native class the Swift test defines.
main(AppDelegate)
device.home()
expect.order { "applicationDidEnterBackground:" }
