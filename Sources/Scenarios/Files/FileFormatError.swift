import LuaBridge

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

  /// `Info.plist:6`, `project.pbxproj:12:5`.
  var location: ScriptLocation { ScriptLocation(file: file, line: line, column: column) }

  var description: String { "\(location): \(message)" }
}

extension FileFormatError: LuaLocatedError {
  var luaMessage: String { description }
}
