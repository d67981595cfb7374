-- A launch screen .xib (named by UILaunchStoryboardName) whose view has a class of the app's
-- own: Xcode's build error, naming the .xib and its line; File's Owner's class is not the
-- app's view and does not count. Exit 2.
Info { UILaunchStoryboardName = "custom-launch" }
Storyboard "files/custom-launch.xib"
