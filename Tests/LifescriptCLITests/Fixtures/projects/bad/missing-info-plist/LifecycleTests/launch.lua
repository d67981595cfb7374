-- INFOPLIST_FILE names a file that is not there: an error naming it and the setting, exit 2.

Project "../Legacy.xcodeproj"
