import LuaBridge
import XcodeFiles

/// A malformed or unexpected file a scenario read (an Info.plist, a storyboard, a golden trace):
/// `file:line: message`, as Lua reports syntax errors.
///
/// Raised in Lua as its description, it comes back from Lua as itself (`LuaError.swiftError`), so
/// a report names the file's line rather than the script's.
struct FileFormatError: Error, Equatable, CustomStringConvertible {
  var file: String
  var line: Int
  /// The column, for a file read character by character (a project file).
  var column: Int?
  var message: String

  init(file: String, line: Int, column: Int? = nil, message: String) {
    self.file = file
    self.line = line
    self.column = column
    self.message = message
  }

  /// An app file's format error (XcodeFiles'), at the same place.
  init(_ error: FormatError) {
    self.init(file: error.file, line: error.line, message: error.message)
  }

  /// What `read` returns, reading one of the app's files; a format error becomes this
  /// module's, which Lua reports at the file's line (other errors pass as they are).
  static func reading<Value>(_ read: () throws -> Value) throws -> Value {
    do {
      return try read()
    } catch let error as FormatError {
      throw FileFormatError(error)
    }
  }

  /// `Info.plist:6`, `project.pbxproj:12:5`.
  var location: ScriptLocation { ScriptLocation(file: file, line: line, column: column) }

  var description: String { "\(location): \(message)" }
}

extension FileFormatError: LuaLocatedError {
  var luaMessage: String { description }
}
