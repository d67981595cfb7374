-- Views nested hundreds of levels deep: refused at the line where the limit is passed, never a
-- crash; exit 2.
Storyboard "files/nested.storyboard"
