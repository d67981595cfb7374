import XcodeFiles

extension Warning {
  /// A warning about an app's files (XcodeFiles), under its name: it prints as the file
  /// warning does.
  public init(_ warning: FileWarning) {
    let name: Name =
      switch warning.kind {
      case .projectFile: .projectFile
      case .duplicateInfoKey: .duplicateInfoKey
      case .unresolvedClassName: .unresolvedClassName
      }
    self.init(name, warning.message, location: warning.location)
  }
}
