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

/// Reads input files whole, with plain POSIX calls (no Foundation on the start path), refusing
/// what would hang or swamp the host: a FIFO, a device or a socket is never opened, and reading
/// stops past `sizeLimit`.
public enum LuaInputFile {
  /// The most bytes read of one input file: 64 MiB.
  public static let sizeLimit = 64 << 20

  /// The bytes of the regular file at `path`, which messages name `file`; `expected` is what it
  /// should be ("a Lua file"), and `limit` the most bytes it may have.
  ///
  /// The type is checked before the file is opened (opening a FIFO for reading waits for a
  /// writer; opening a device can act on it), the file is opened non-blocking and checked again
  /// (it may have been replaced in between). With `streams`, anything but a directory is read
  /// as it comes, still capped: the scenario named on the command line may be a pipe
  /// (`lifescript run <(…)`).
  public static func read(
    _ path: String, file: String, expected: String = "a file", streams: Bool = false,
    limit: Int = sizeLimit
  ) throws(LuaFileError) -> [UInt8] {
    func failure(_ reason: LuaFileError.Reason) -> LuaFileError {
      LuaFileError(file: file, reason: reason, expected: expected)
    }
    var status = stat()
    guard stat(path, &status) == 0 else { throw failure(.cannotOpen(errno)) }
    if let kind = kind(of: status), !streams || kind == directory {
      throw failure(.notAFile(kind))
    }
    if Int(status.st_size) > limit { throw failure(.tooLarge(limit: limit)) }
    let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY | (streams ? 0 : O_NONBLOCK))
    guard descriptor >= 0 else { throw failure(.cannotOpen(errno)) }
    defer { close(descriptor) }
    guard fstat(descriptor, &status) == 0 else { throw failure(.cannotRead(errno)) }
    if let kind = kind(of: status), !streams || kind == directory {
      throw failure(.notAFile(kind))
    }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(min(Int(status.st_size), limit) + 1)
    // Uninitialized: zeroing 64 KiB for every file read cost more than reading a scenario.
    try withUnsafeTemporaryAllocation(byteCount: 64 << 10, alignment: 1) {
      (chunk) throws(LuaFileError) in
      while true {
        let count = Glibc.read(descriptor, chunk.baseAddress, chunk.count)
        if count < 0 {
          if errno == EINTR { continue }
          throw failure(.cannotRead(errno))
        }
        if count == 0 { break }
        guard bytes.count + count <= limit else { throw failure(.tooLarge(limit: limit)) }
        bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: chunk[0..<count]))
      }
    }
    return bytes
  }

  private static let directory = "a directory"

  /// What a file that is not a regular file is, for messages; nil for a regular file.
  private static func kind(of status: stat) -> String? {
    switch status.st_mode & S_IFMT {
    case S_IFREG: nil
    case S_IFDIR: directory
    case S_IFIFO: "a FIFO (named pipe)"
    case S_IFSOCK: "a socket"
    case S_IFCHR, S_IFBLK: "a device"
    default: "a special file"
    }
  }
}
