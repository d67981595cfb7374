-- A bad Info.plist: a clear error with file and line, exit 2.
Info "files/binary.plist"
