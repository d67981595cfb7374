-- A bad Info.plist: a clear error with file and line, exit 2.
Info "files/dangling-key.plist"
