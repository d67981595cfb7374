-- A launch screen .xib with its two placeholders and no view: nothing to draw, refused when it
-- is read. Exit 2.
Storyboard "files/no-view.xib"
