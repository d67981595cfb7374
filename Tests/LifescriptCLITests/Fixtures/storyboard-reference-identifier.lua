-- A storyboard reference to a Storyboard ID the other storyboard does not have: UIKit's
-- exception for an unknown identifier, at launch. Exit 1.
Info { UIMainStoryboardFile = "reference-identifier" }
Storyboard "files/reference-identifier.storyboard"
Storyboard "files/reference-loop-b.storyboard"
local AppDelegate = class("AppDelegate", UIResponder)
AppDelegate.properties = { "window" }
main(AppDelegate)
