-- A project whose only target is a framework: no app to launch, exit 2.

Project "../Legacy.xcodeproj"
