-- A button's show segue leads to an id no view controller of the storyboard has (a scene
-- deleted by hand, or a merge that lost it): refused when the file is read, at the segue's
-- line. Exit 2.
Storyboard "files/segue-missing-destination.storyboard"
