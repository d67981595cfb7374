import CLua
import CLuaShim

/// A place in a file a script runs or reads: `launch.lua:12`, `Info.plist:6`.
///
/// For Lua code it is read once from Lua's debug information (never from a message's text);
/// `description` is what Lua writes in front of a message there (`launch.lua:12`).
public struct ScriptLocation: Hashable, Sendable, CustomStringConvertible {
  /// The file, whole: the path a chunk was loaded from (`Scripts/regression/launch.lua`), the
  /// name of a chunk that is not a file (`stdin`), or a file a script read.
  public var file: String
  /// The line, from 1.
  public var line: Int
  /// The file as messages name it: Lua shortens a long path to `...` and its end.
  public var shortFile: String
  /// The column, from 1, for a place in a file that is not Lua (a project file's syntax
  /// error); nil for a whole line.
  public var column: Int?

  public init(file: String, line: Int, shortFile: String? = nil, column: Int? = nil) {
    self.file = file
    self.line = line
    self.shortFile = shortFile ?? file
    self.column = column
  }

  /// `launch.lua:12`, as Lua writes it in front of a message; `project.pbxproj:12:5` with a
  /// column.
  public var description: String {
    column.map { "\(shortFile):\(line):\($0)" } ?? "\(shortFile):\(line)"
  }
}

extension ScriptLocation {
  /// The place of a function's current line (`lua_getinfo` with "Sl"); nil without a line.
  init?(_ info: lua_Debug) {
    guard info.currentline > 0 else { return nil }
    let shortFile = withUnsafeBytes(of: info.short_src) { bytes in
      String(decoding: bytes.prefix(while: { $0 != 0 }), as: UTF8.self)
    }
    let source = info.source.map { String(cString: $0) }
    self.init(
      file: Self.file(source: source ?? "", shortFile: shortFile), line: Int(info.currentline),
      shortFile: shortFile)
  }

  /// A location the shim recorded (line 0: none).
  init?(_ location: clua_location) {
    guard location.line > 0 else { return nil }
    let shortFile = withUnsafeBytes(of: location.short_src) { bytes in
      String(decoding: bytes.prefix(while: { $0 != 0 }), as: UTF8.self)
    }
    let source = withUnsafeBytes(of: location.source) { bytes in
      String(decoding: bytes.prefix(while: { $0 != 0 }), as: UTF8.self)
    }
    self.init(
      file: Self.file(source: source, shortFile: shortFile), line: Int(location.line),
      shortFile: shortFile)
  }

  /// The whole name of a chunk loaded as `source` (`@path` or `=name`); for source text, or a
  /// name too long to keep, the short one.
  static func file(source: String, shortFile: String) -> String {
    guard let marker = source.utf8.first, marker == UInt8(ascii: "@") || marker == UInt8(ascii: "=")
    else { return shortFile }
    return String(source.dropFirst())
  }

  /// The name messages give a chunk loaded as `chunkName`, as Lua computes it.
  static func shortFile(chunkName: String) -> String {
    withUnsafeTemporaryAllocation(of: CChar.self, capacity: Int(CLUA_IDSIZE)) { buffer in
      chunkName.withCString { clua_chunkid(buffer.baseAddress, $0, chunkName.utf8.count) }
      return String(cString: buffer.baseAddress!)
    }
  }

  /// Where the compiler stopped, from a syntax error of the chunk `chunkName`.
  ///
  /// Lua's compiler reports its position only in the message (`launch.lua:3: unexpected
  /// symbol`); the chunk's name is known here, so the line is read right after it, once, at the
  /// bridge's edge.
  init?(syntaxError message: String, chunkName: String) {
    let shortFile = Self.shortFile(chunkName: chunkName)
    let bytes = Array(message.utf8)
    let prefix = Array((shortFile + ":").utf8)
    guard bytes.starts(with: prefix) else { return nil }
    let digits = bytes[prefix.count...].prefix {
      $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9")
    }
    guard !digits.isEmpty, bytes[digits.endIndex...].starts(with: Array(": ".utf8)),
      let line = Int(String(decoding: digits, as: UTF8.self))
    else { return nil }
    self.init(
      file: Self.file(source: chunkName, shortFile: shortFile), line: line, shortFile: shortFile)
  }
}
