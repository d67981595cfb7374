/// An Xcode project lifescript cannot build an app from, and why: a project file that is not a
/// property list, no application target or several, a missing Info.plist, a cycle of build
/// settings (Documentation/Reference/xcode-projects.md#errors).
///
/// A problem in one file has that file and its line (and column, for the project file's
/// syntax); a problem of the project as a whole has neither and is reported at the script's
/// line.
public struct ProjectError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The file as messages show it: `MyApp.xcodeproj/project.pbxproj`.
  public var file: String?
  public var line: Int?
  public var column: Int?
  public var message: String

  /// Control characters in the file's name and the message (which quote the project's names
  /// and paths) are escaped: a message is one line (`MessageText`).
  public init(file: String? = nil, line: Int? = nil, column: Int? = nil, _ message: String) {
    self.file = file.map(MessageText.escaped)
    self.line = line
    self.column = column
    self.message = MessageText.escaped(message)
  }

  public var description: String {
    guard let file else { return message }
    guard let line else { return "\(file): \(message)" }
    guard let column else { return "\(file):\(line): \(message)" }
    return "\(file):\(line):\(column): \(message)"
  }
}
