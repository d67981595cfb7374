#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Every file the Lua host reads or tries to read (scenarios, modules, Info.plist and storyboard
/// files, found or not), for a host that watches them (`lifescript run --watch`).
public enum LuaFileReads {
  /// Called with each path as given, before it is opened. Set it before a run, on one thread.
  nonisolated(unsafe) public static var observer: ((String) -> Void)?
}

/// Reads Lua source files with clear errors, without Foundation (kept off the start path).
enum LuaSourceFile {
  /// The bytes of a Lua source file. A first line starting with `#` (a shebang) is blanked, as
  /// `lua` does, keeping line numbers. Binary chunks are refused.
  static func read(_ path: String, displayName: String) throws -> [UInt8] {
    var bytes = try readBytes(path, displayName: displayName)
    if bytes.first == 0x1B {
      throw LuaError(
        .file,
        "\(displayName): precompiled (binary) Lua chunks are not accepted; run the Lua source")
    }
    if bytes.first == UInt8(ascii: "#") {
      let end = bytes.firstIndex(of: UInt8(ascii: "\n")) ?? bytes.endIndex
      bytes.replaceSubrange(0..<end, with: [])
    }
    return bytes
  }

  static func readBytes(_ path: String, displayName: String) throws -> [UInt8] {
    LuaFileReads.observer?(path)
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else {
      throw LuaError(.file, "cannot open \(displayName): \(String(cString: strerror(errno)))")
    }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else {
      throw LuaError(.file, "cannot read \(displayName): \(String(cString: strerror(errno)))")
    }
    if (status.st_mode & S_IFMT) == S_IFDIR {
      throw LuaError(.file, "cannot read \(displayName): it is a directory, not a Lua file")
    }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 64 << 10)
    while true {
      let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        throw LuaError(.file, "cannot read \(displayName): \(String(cString: strerror(errno)))")
      }
      if count == 0 { break }
      bytes.append(contentsOf: chunk[0..<count])
    }
    return bytes
  }

  /// Whether a regular file exists at `path`.
  static func isFile(_ path: String) -> Bool {
    var status = stat()
    return stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFREG
  }
}
