-- A project file cut short, as a failed merge or copy leaves it: an error at its end, exit 2.

Project "../Legacy.xcodeproj"
