/// Something in an app's files that Xcode reads past but lifescript warns about: a missing
/// xcconfig, a line that is not a setting, a key an Info.plist dictionary has twice, a class
/// name whose build setting nothing sets (Documentation/Reference/warnings.md).
///
/// The layer above makes it one of lifescript's warnings (`Warning`), under the name `kind`
/// stands for; `description` is already what that warning prints.
public struct FileWarning: Hashable, Sendable, CustomStringConvertible {
  /// What the warning is about, by the name users write (`--ignore-warning project-file`).
  public enum Kind: String, CaseIterable, Hashable, Sendable {
    /// Something in an Xcode project that Xcode builds past.
    case projectFile = "project-file"
    /// An Info.plist dictionary has a key twice; the later value is read.
    case duplicateInfoKey = "duplicate-info-key"
    /// An Info.plist class name names a build setting nothing sets.
    case unresolvedClassName = "unresolved-class-name"
  }

  public var kind: Kind
  /// What is wrong, and what to do about it.
  public var message: String
  /// Where in a file it was found (`Config/Base.xcconfig:3`), when the warning is about a line.
  public var location: String?

  /// Control characters in the message and the location (which quote the files' names and
  /// lines) are escaped: a warning is one line (`MessageText`).
  public init(_ kind: Kind, _ message: String, location: String? = nil) {
    self.kind = kind
    self.message = MessageText.escaped(message)
    self.location = location.map(MessageText.escaped)
  }

  /// `Config/Base.xcconfig:3: warning[project-file]: …`: as lifescript prints it.
  public var description: String {
    (location.map { "\($0): " } ?? "") + "warning[\(kind.rawValue)]: " + message
  }
}
