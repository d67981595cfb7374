#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A file a script named could not be read: `cannot open ../x.plist: it is outside the project
/// root /work/app (…); use --root to widen it`.
///
/// A Swift function that throws it raises its description after the caller's position
/// (`launch.lua:3: cannot open …`), and it comes back as `LuaError.swiftError`; `loadfile`
/// returns the description as its message, as Lua's own does.
public struct LuaFileError: Error, Equatable, Sendable, CustomStringConvertible {
  public enum Reason: Equatable, Sendable {
    /// The name cannot be a file's: empty, a control character (a NUL would cut it short),
    /// too long. The text says which.
    case badName(String)
    /// `open`, `stat` or `realpath` failed with this `errno`.
    case cannotOpen(Int32)
    /// `read` failed with this `errno`.
    case cannotRead(Int32)
    /// The file lies outside the root, as named or (`throughLink`) once symbolic links are
    /// followed. `note` says how the root was chosen and how to change it.
    case outsideRoot(root: String, note: String, throughLink: Bool)
    /// Something that is not a regular file: "a directory", "a FIFO (named pipe)", "a device",
    /// "a socket".
    case notAFile(String)
    /// Larger than `limit` bytes (`LuaInputFile.sizeLimit`).
    case tooLarge(limit: Int)
    /// A precompiled Lua chunk where Lua source was expected.
    case binaryChunk
  }

  /// The file as the script named it, from the current directory (`LifecycleTests/../x` is
  /// shown `x`).
  public var file: String
  public var reason: Reason
  /// What the file should have been, for `.notAFile`: "a file", "a Lua file", "a golden trace".
  public var expected: String

  public init(file: String, reason: Reason, expected: String = "a file") {
    self.file = file
    self.reason = reason
    self.expected = expected
  }

  public var description: String {
    let shown = Self.shown(file)
    switch reason {
    case .badName(let why):
      return "cannot open \(shown): \(why)"
    case .cannotOpen(let code):
      return "cannot open \(shown): \(String(cString: strerror(code)))"
    case .cannotRead(let code):
      return "cannot read \(shown): \(String(cString: strerror(code)))"
    case .outsideRoot(let root, let note, let throughLink):
      let how = throughLink ? "a symbolic link leads it outside" : "it is outside"
      return "cannot open \(shown): \(how) the project root \(Self.shown(root)) \(note)"
    case .notAFile(let kind):
      return "cannot read \(shown): it is \(kind), not \(expected)"
    case .tooLarge(let limit):
      return
        "cannot read \(shown): it is larger than \(limit >> 20) MiB, the most lifescript reads of an input file"
    case .binaryChunk:
      return "\(shown): precompiled (binary) Lua chunks are not accepted; run the Lua source"
    }
  }

  /// A name as messages show it: as it is, unless it is empty or holds a control character (then
  /// as a Lua string literal, `"a\nb"`), its start and end when it is very long.
  static func shown(_ name: String) -> String {
    var bytes = Array(name.utf8)
    var suffix = ""
    if bytes.count > 200 {
      suffix = " (\(bytes.count) bytes)"
      bytes = Array(bytes.prefix(120)) + Array("…".utf8) + Array(bytes.suffix(40))
    }
    let plain = !bytes.isEmpty && bytes.allSatisfy { $0 >= 0x20 && $0 != 0x7F }
    if plain { return String(decoding: bytes, as: UTF8.self) + suffix }
    var text: [UInt8] = [0x22]
    let hex = Array("0123456789ABCDEF".utf8)
    for byte in bytes {
      switch byte {
      case 0x0A: text += Array("\\n".utf8)
      case 0x0D: text += Array("\\r".utf8)
      case 0x09: text += Array("\\t".utf8)
      case 0x22, 0x5C: text += [0x5C, byte]
      case 0x00..<0x20, 0x7F:
        text += Array("\\x".utf8) + [hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
      default: text.append(byte)
      }
    }
    return String(decoding: text + [0x22], as: UTF8.self) + suffix
  }
}
