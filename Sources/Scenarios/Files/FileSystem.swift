#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Files lifescript writes (golden traces, reports, diagrams), without Foundation; it reads them
/// with `LuaInputFile`. Errors say which file and why, in the words of `strerror`.
public enum FileSystem {
  /// A file could not be read or written; `message` names it.
  public struct Failure: Error, Equatable, CustomStringConvertible {
    public var message: String
    public var description: String { message }
    public init(_ message: String) { self.message = message }
  }

  public enum Kind { case missing, file, directory, other }

  /// The name of an entry `readdir` returned. An entry is only as long as its name needs
  /// (`d_reclen`), not `sizeof(struct dirent)`: copying the whole `d_name` array reads past the
  /// end of the directory's buffer, so this reads the name up to its NUL.
  public static func name(of entry: UnsafeMutablePointer<dirent>) -> String {
    let offset = MemoryLayout<dirent>.offset(of: \dirent.d_name)!
    let start = (UnsafeRawPointer(entry) + offset).assumingMemoryBound(to: CChar.self)
    return String(
      decoding: UnsafeRawBufferPointer(start: start, count: strlen(start)), as: UTF8.self)
  }

  /// What is at `path`, following symbolic links.
  public static func kind(of path: String) -> Kind {
    var status = stat()
    guard stat(path, &status) == 0 else { return .missing }
    switch status.st_mode & S_IFMT {
    case S_IFREG: return .file
    case S_IFDIR: return .directory
    default: return .other
    }
  }

  /// Replaces `path` with `text` all at once (DESIGN.md: files lifescript writes are written
  /// atomically): the text goes to a temporary file beside it, which is flushed to disk and
  /// then renamed over `path`. A reader sees the old file or the new one, never a part.
  public static func writeAtomically(_ text: String, to path: String) throws(Failure) {
    try checkWritable(path)
    let folder = Self.folder(of: path)
    var template = Array("\(folder)/.\(name(of: path)).XXXXXX".utf8CString)
    let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    guard descriptor >= 0 else { throw Failure("cannot write \(path): \(lastError)") }
    let temporary = String(cString: template)
    var failure: Failure?
    var text = text
    if !text.withUTF8({ Console.write(UnsafeRawBufferPointer($0), to: descriptor) }) {
      failure = Failure("cannot write \(path): \(lastError)")
    }
    // Readable like any file the user writes (mkstemp creates it 0600).
    let mask = umask(0)
    umask(mask)
    fchmod(descriptor, 0o666 & ~mask)
    if failure == nil, fsync(descriptor) != 0 {
      failure = Failure("cannot write \(path): \(lastError)")
    }
    close(descriptor)
    if failure == nil, rename(temporary, path) != 0 {
      failure = Failure("cannot write \(path): \(lastError)")
    }
    if let failure {
      unlink(temporary)
      throw failure
    }
  }

  /// Throws what `writeAtomically` would for a missing folder or a directory at `path`, so a
  /// command can refuse before doing the work whose result it would write.
  public static func checkWritable(_ path: String) throws(Failure) {
    let folder = Self.folder(of: path)
    guard kind(of: folder) == .directory else {
      throw Failure("cannot write \(path): the folder \(folder) does not exist")
    }
    if kind(of: path) == .directory {
      throw Failure("cannot write \(path): it is a directory")
    }
  }

  /// The folder part of a path as the user wrote it (`.` for a bare file name).
  public static func folder(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }

  /// The last component of a path.
  public static func name(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return path }
    return String(path[path.index(after: slash)...])
  }

  private static var lastError: String { String(cString: strerror(errno)) }
}
