-- A storyboard reference whose name holds a newline (&#10;) that would forge a line of output:
-- refused when the file is read, the name shown escaped. Exit 2.
Storyboard "files/reference-hostile.storyboard"
