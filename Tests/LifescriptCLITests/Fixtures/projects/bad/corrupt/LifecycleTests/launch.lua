-- A project file with a merge conflict left in it: an error at the marker, exit 2.

Project "../Legacy.xcodeproj"
