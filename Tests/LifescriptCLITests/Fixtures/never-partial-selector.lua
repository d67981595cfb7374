-- expect.never with a partial selector could never fail.
main(class("AppDelegate", UIResponder, { "UIApplicationDelegate" }))
expect.never "performActionForShortcutItem"
