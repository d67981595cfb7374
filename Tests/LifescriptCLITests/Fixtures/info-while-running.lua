-- The Info.plist of a running app cannot change (an update ends the app first): exit 2.
main(class("AppDelegate", UIResponder))
Info { UILaunchScreen = {} }
