-- A segue whose kind Interface Builder never writes. Exit 2, at the segue's line.
Storyboard "files/segue-unknown-kind.storyboard"
