-- A real Info.plist whose UIDefaultLaunchScreen names no definition: the plist's line, exit 2.
Info "files/launch-screens-default.plist"
