/// Reads Lua source files with clear errors, without Foundation (kept off the start path).
enum LuaSourceFile {
  /// The scenario file named on the command line (or a file the host names), as Lua source; a
  /// pipe is read as a stream (`lifescript run <(…)`). Errors are `LuaError.file`.
  static func read(_ path: String, displayName: String) throws -> [UInt8] {
    LuaFileReads.observer?(path)
    do {
      return try source(
        LuaInputFile.read(path, file: displayName, expected: "a Lua file", streams: true),
        file: displayName)
    } catch {
      throw LuaError(.file, error.description)
    }
  }

  /// `bytes` as Lua source, as `lua` reads a file (luaL_loadfilex): a UTF-8 byte-order mark is
  /// skipped, then a first line starting with `#` (a shebang) is blanked, keeping line numbers.
  /// Binary chunks are refused.
  static func source(_ bytes: [UInt8], file: String) throws(LuaFileError) -> [UInt8] {
    var bytes = bytes
    if bytes.starts(with: byteOrderMark) { bytes.removeFirst(byteOrderMark.count) }
    if bytes.first == 0x1B { throw LuaFileError(file: file, reason: .binaryChunk) }
    if bytes.first == UInt8(ascii: "#") {
      let end = bytes.firstIndex(of: UInt8(ascii: "\n")) ?? bytes.endIndex
      bytes.replaceSubrange(0..<end, with: [])
    }
    return bytes
  }

  /// What some editors write at the start of a UTF-8 file.
  static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]
}
