-- The entry point's tab is a storyboard reference to Gone.storyboard, which the app does not
-- have. UIKit follows it at launch and raises, as for a missing main storyboard; the report
-- names the reference's file and line. Exit 1.
Info { UIMainStoryboardFile = "reference-missing" }
Storyboard "files/reference-missing.storyboard"
local AppDelegate = class("AppDelegate", UIResponder)
AppDelegate.properties = { "window" }
main(AppDelegate)
