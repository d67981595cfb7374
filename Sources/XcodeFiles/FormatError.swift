/// A file that does not hold what its format says (an Info.plist value that is not one, a
/// storyboard segue without a destination, XML that expat refuses), at its line:
/// `Info.plist:6: <key>UIMainStoryboardFile</key> has no value`.
///
/// The layer above reports it at the file's line, not at the script's that read the file.
public struct FormatError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The file as messages show it.
  public var file: String
  /// From 1; 0 when the reader could not start (expat out of memory).
  public var line: Int
  public var message: String

  public init(file: String, line: Int, message: String) {
    self.file = file
    self.line = line
    self.message = message
  }

  /// `Info.plist:6: message`.
  public var description: String { "\(file):\(line): \(message)" }
}
