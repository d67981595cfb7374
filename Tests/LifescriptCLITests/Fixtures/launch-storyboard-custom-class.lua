-- A launch storyboard (marked "Use as Launch Screen") that sets a custom class: Xcode's build
-- error, with the storyboard's line, at the Storyboard line; exit 2.
Storyboard "files/custom-launch.storyboard"
