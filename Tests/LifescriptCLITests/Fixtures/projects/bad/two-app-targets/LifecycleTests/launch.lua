-- A project with two iOS app targets and no target named: an error listing both, exit 2.

Project "../Legacy.xcodeproj"
