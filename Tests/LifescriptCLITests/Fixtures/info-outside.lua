-- A file past the project root (the repository: Package.swift), through ..: refused, exit 2.
Info "../../../../outside.plist"
