-- A storyboard reference into another bundle (a framework's storyboard): lifescript models only
-- the app's bundle, and says so at launch. Exit 2.
Info { UIMainStoryboardFile = "reference-bundle" }
Storyboard "files/reference-bundle.storyboard"
local AppDelegate = class("AppDelegate", UIResponder)
AppDelegate.properties = { "window" }
main(AppDelegate)
