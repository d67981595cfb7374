import LuaBridge

/// A malformed or unexpected file a scenario read (an Info.plist, a storyboard, a golden trace):
/// `file:line: message`, as Lua reports syntax errors.
///
/// Raised in Lua as its description, it comes back from Lua as itself (`LuaError.swiftError`), so
/// a report names the file's line rather than the script's.
struct FileFormatError: Error, Equatable, CustomStringConvertible {
  var file: String
  var line: Int
  var message: String

  /// `Info.plist:6`.
  var location: ScriptLocation { ScriptLocation(file: file, line: line) }

  var description: String { "\(file):\(line): \(message)" }
}

extension FileFormatError: LuaLocatedError {
  var luaMessage: String { description }
}
