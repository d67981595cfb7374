-- UILaunchStoryboardName names a storyboard the app does not have: a black launch screen and a
-- warning; the app launches (exit 0).
Info { UILaunchStoryboardName = "LaunchScreen" }
main(class("AppDelegate", UIResponder))
expect.events { "screen launch: black (no storyboard named LaunchScreen)", "screen launch removed" }
