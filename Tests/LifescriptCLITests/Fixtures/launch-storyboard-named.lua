-- The Info.plist makes a storyboard with the app's own class the launch storyboard: Xcode's
-- build error, at the Info line that names it; exit 2.
Storyboard("Splash", { initialViewController = "SplashViewController" })
Info { UILaunchStoryboardName = "Splash" }
