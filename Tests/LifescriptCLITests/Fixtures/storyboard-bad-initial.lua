-- A bad storyboard: a clear error with file and line, exit 2.
Storyboard "files/bad-initial.storyboard"
