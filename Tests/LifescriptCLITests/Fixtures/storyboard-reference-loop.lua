-- Two storyboards whose relationship segues lead to each other through references: A's tab is
-- B, B's root is A. UIKit would instantiate them until it ran out of stack; lifescript stops at
-- the first repeat and shows the loop. Exit 2.
Info { UIMainStoryboardFile = "reference-loop-a" }
Storyboard "files/reference-loop-a.storyboard"
Storyboard "files/reference-loop-b.storyboard"
local AppDelegate = class("AppDelegate", UIResponder)
AppDelegate.properties = { "window" }
main(AppDelegate)
