-- Two container views that embed each other: loading either view would embed the other for
-- ever, so the file is refused at the segue that closes the loop. Exit 2.
Storyboard "files/segue-embed-loop.storyboard"
