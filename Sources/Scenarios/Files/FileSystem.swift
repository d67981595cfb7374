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
  /// The name of a directory entry `readdir` returned, its bytes up to the NUL. Read in place:
  /// copying `pointee.d_name` copies the whole 256-byte array, but glibc allocates each entry
  /// only as long as its name (`d_reclen`), so the copy reads past it (valgrind saw it).
  public static func name(of entry: UnsafeMutablePointer<dirent>) -> [UInt8] {
    let start = UnsafeRawPointer(entry) + MemoryLayout<dirent>.offset(of: \dirent.d_name)!
    let name = start.assumingMemoryBound(to: CChar.self)
    return Array(UnsafeRawBufferPointer(start: start, count: strlen(name)))
  }

  /// A file could not be read or written; `message` names it.
  public struct Failure: Error, Equatable, CustomStringConvertible {
    public var message: String
    public var description: String { message }
    public init(_ message: String) { self.message = message }
  }

  public enum Kind { case missing, file, directory, other }

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

  /// Replaces `path` with `text` all at once (files lifescript writes are written atomically:
  /// Documentation/Architecture.md#rules-that-are-not-negotiable): the text goes to a temporary
  /// file beside it, which is flushed to disk and then renamed over `path`. A reader sees the
  /// old file or the new one, never a part.
  ///
  /// A symbolic link stays, and the file it leads to is replaced (a dangling link's target is
  /// created). A character device or a FIFO (`/dev/stdout`, `/dev/null`, a named pipe that is
  /// being read) is written to directly, as the shell's `>` would, never replaced; a socket or
  /// a block device is refused (Documentation/Reference/commands.md#output-files).
  public static func writeAtomically(_ text: String, to path: String) throws(Failure) {
    try writeAtomically(Array(text.utf8), to: path)
  }

  /// `writeAtomically(_:to:)` of bytes as they are, which need not be UTF-8 (a counterexample
  /// keeps the bytes of the scenario it was made from).
  public static func writeAtomically(_ bytes: [UInt8], to path: String) throws(Failure) {
    let destination = try Self.destination(of: path)
    guard case .replace(let real) = destination else {
      try writeDirectly(bytes, to: path)
      return
    }
    // A signal that ends the process mid-write removes the temporary file first (SIGKILL
    // cannot be caught: the next write into the folder removes what it left).
    TemporaryFileGuard.begin(capacity: 1)
    defer { TemporaryFileGuard.end() }
    let temporary = try writeTemporary(bytes, beside: real, for: path)
    if rename(temporary, real) != 0 {
      let failure = Failure("cannot write \(path): \(lastError)")
      unlink(temporary)
      throw failure
    }
  }

  /// Writes `bytes` to a new temporary file in the folder of `real` (the file it will replace),
  /// flushed to disk and readable as the user's files are, and returns its path; messages name
  /// `path`. The temporary file is added to `TemporaryFileGuard`, which must have begun.
  private static func writeTemporary(_ bytes: [UInt8], beside real: String, for path: String)
    throws(Failure) -> String
  {
    let folder = Self.folder(of: real)
    removeStaleTemporaries(in: folder)
    // A short name of its own, whatever the target's length: `.<name>.XXXXXX` beside a valid
    // 250-byte name would pass NAME_MAX.
    var template = Array("\(folder)/\(temporaryPrefix)XXXXXX".utf8CString)
    let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    guard descriptor >= 0 else { throw Failure("cannot write \(path): \(lastError)") }
    let temporary = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    TemporaryFileGuard.add(temporary)
    var failure: Failure?
    if !bytes.withUnsafeBytes({ Console.write($0, to: descriptor) }) {
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
    if let failure {
      unlink(temporary)
      throw failure
    }
    return temporary
  }

  /// Why `writeAll` stopped, and which files it had put in place by then (in order): none,
  /// unless renaming one of them failed after every file was written beside its place.
  public struct WriteAllFailure: Error, Equatable {
    public var failure: Failure
    public var written: [String]
  }

  /// Writes every file in `files` or none (`lifescript init`'s suite). Every destination is
  /// checked first, and anything but a regular file, a symbolic link to one or nothing is
  /// refused (a FIFO or a device is never opened); then each text goes to a temporary file
  /// beside its destination, and only once all are written are they renamed into place, in
  /// order. A symbolic link stays and the file it leads to is replaced, as `writeAtomically`
  /// does. `renaming` is `rename(2)` (a test makes it fail).
  public static func writeAll(
    _ files: [(path: String, text: String)],
    renaming: (String, String) -> Int32 = { rename($0, $1) }
  ) throws(WriteAllFailure) {
    var reals: [String] = []
    for file in files {
      do {
        reals.append(try replaceable(file.path))
      } catch {
        throw WriteAllFailure(failure: error, written: [])
      }
    }
    TemporaryFileGuard.begin(capacity: files.count)
    defer { TemporaryFileGuard.end() }
    var temporaries: [String] = []
    for (file, real) in zip(files, reals) {
      do {
        temporaries.append(try writeTemporary(Array(file.text.utf8), beside: real, for: file.path))
      } catch {
        for temporary in temporaries { unlink(temporary) }
        throw WriteAllFailure(failure: error, written: [])
      }
    }
    for index in files.indices where renaming(temporaries[index], reals[index]) != 0 {
      let failure = Failure("cannot write \(files[index].path): \(lastError)")
      for temporary in temporaries[index...] { unlink(temporary) }
      throw WriteAllFailure(failure: failure, written: files[..<index].map(\.path))
    }
  }

  /// Throws unless `path` is a regular file, a symbolic link to one, or nothing in a folder
  /// that exists: what `writeAll` replaces. Returns the file it would replace (the end of the
  /// links). Nothing is opened: a FIFO is known by its type.
  static func replaceable(_ path: String) throws(Failure) -> String {
    if let special = special(path) {
      throw Failure("cannot write \(path): it is \(special), not a regular file")
    }
    guard case .replace(let real) = try destination(of: path) else {
      throw Failure("cannot write \(path): it is not a regular file")
    }
    return real
  }

  /// What is at `path` (following symbolic links) when it is a special file, in a message (`a
  /// FIFO (named pipe)`); nil for a regular file, a directory or nothing. Nothing is opened.
  public static func special(_ path: String) -> String? {
    var status = stat()
    guard stat(path, &status) == 0 else { return nil }
    switch status.st_mode & S_IFMT {
    case S_IFREG, S_IFDIR: return nil
    case S_IFIFO: return "a FIFO (named pipe)"
    case S_IFCHR: return "a character device"
    case S_IFBLK: return "a block device"
    case S_IFSOCK: return "a socket"
    default: return "a special file"
    }
  }

  /// How the temporary files `writeAtomically` makes begin: `.lifescript-<pid>-`.
  static var temporaryPrefix: String { ".lifescript-\(getpid())-" }

  /// Removes the temporary files in `folder` that a lifescript process of this user left when
  /// it was killed mid-write: `.lifescript-<pid>-XXXXXX` whose process is gone.
  static func removeStaleTemporaries(in folder: String) {
    guard let directory = opendir(folder) else { return }
    defer { closedir(directory) }
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(cString: raw.bindMemory(to: CChar.self).baseAddress!)
      }
      let parts = name.split(separator: "-", maxSplits: 2, omittingEmptySubsequences: false)
      guard parts.count == 3, parts[0] == ".lifescript", parts[2].utf8.count == 6,
        let pid = Int32(parts[1]), pid > 0, pid != getpid(),
        kill(pid, 0) != 0, errno == ESRCH
      else { continue }
      let path = folder + "/" + name
      var status = stat()
      guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG,
        status.st_uid == getuid()
      else { continue }
      unlink(path)
    }
  }

  /// Throws what `writeAtomically` would for a missing folder, a directory or a special file at
  /// `path`, so a command can refuse before doing the work whose result it would write.
  /// A file that will be replaced is tried for real: a temporary file is made beside it and
  /// removed, so a read-only folder is found now, not after the work.
  public static func checkWritable(_ path: String) throws(Failure) {
    guard case .replace(let real) = try destination(of: path) else { return }
    var template = Array("\(folder(of: real))/\(temporaryPrefix)XXXXXX".utf8CString)
    let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    guard descriptor >= 0 else { throw Failure("cannot write \(path): \(lastError)") }
    close(descriptor)
    unlink(template)
  }

  /// What writing `path` does.
  enum Destination: Equatable {
    /// Replace the regular file at this path (the end of `path`'s symbolic links), or create it.
    case replace(String)
    /// Write into what is there: a character device or a FIFO.
    case direct
  }

  static func destination(of path: String) throws(Failure) -> Destination {
    var status = stat()
    var real = path
    if stat(path, &status) == 0 {
      switch status.st_mode & S_IFMT {
      case S_IFREG:
        if let resolved = realpath(path, nil) {
          real = String(cString: resolved)
          free(resolved)
        }
      case S_IFDIR: throw Failure("cannot write \(path): it is a directory")
      case S_IFCHR, S_IFIFO: return .direct
      case S_IFSOCK:
        throw Failure(
          "cannot write \(path): it is a socket; lifescript replaces regular files, and writes into character devices and FIFOs"
        )
      case S_IFBLK:
        throw Failure(
          "cannot write \(path): it is a block device; lifescript replaces regular files, and writes into character devices and FIFOs"
        )
      default:
        throw Failure(
          "cannot write \(path): it is a special file; lifescript replaces regular files, and writes into character devices and FIFOs"
        )
      }
    } else if errno == ENOENT {
      real = try danglingTarget(of: path)
    } else {
      throw Failure("cannot write \(path): \(lastError)")
    }
    let folder = Self.folder(of: real)
    guard kind(of: folder) == .directory else {
      if real == path {
        throw Failure("cannot write \(path): the folder \(folder) does not exist")
      }
      throw Failure("cannot write \(path): it links to \(real), whose folder does not exist")
    }
    return .replace(real)
  }

  /// Where a path that is not there would be created: the end of its chain of symbolic links
  /// (each read against the link's own folder), or the path itself.
  private static func danglingTarget(of path: String) throws(Failure) -> String {
    var current = path
    for _ in 0..<40 {
      var status = stat()
      guard lstat(current, &status) == 0, status.st_mode & S_IFMT == S_IFLNK else {
        return current
      }
      var buffer = [UInt8](repeating: 0, count: 4096)
      let count = buffer.withUnsafeMutableBufferPointer { raw in
        raw.withMemoryRebound(to: CChar.self) { readlink(current, $0.baseAddress!, $0.count) }
      }
      guard count >= 0 else { throw Failure("cannot write \(path): \(lastError)") }
      let link = String(decoding: buffer[0..<count], as: UTF8.self)
      current =
        link.hasPrefix("/") || !current.contains("/")
        ? link : Self.folder(of: current) + "/" + link
    }
    throw Failure("cannot write \(path): \(String(cString: strerror(ELOOP)))")
  }

  /// Writes `text` into the character device or FIFO at `path`: opened without blocking (a FIFO
  /// that nothing reads would wait forever), then written whole.
  private static func writeDirectly(_ bytes: [UInt8], to path: String) throws(Failure) {
    let descriptor = open(path, O_WRONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK)
    guard descriptor >= 0 else {
      if errno == ENXIO {
        throw Failure("cannot write \(path): it is a FIFO (named pipe) that nothing reads")
      }
      throw Failure("cannot write \(path): \(lastError)")
    }
    defer { close(descriptor) }
    _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
    if !bytes.withUnsafeBytes({ Console.write($0, to: descriptor) }) {
      throw Failure("cannot write \(path): \(lastError)")
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

/// The struct `sigaction`, apart from the function of that name.
private typealias SignalAction = sigaction

/// Removes the temporary file of a write in progress when SIGINT, SIGTERM or SIGHUP ends the
/// process, then lets the signal do what it did before (the action that was there, restored
/// exactly, or the end of the process). A signal that was ignored stays ignored.
private enum TemporaryFileGuard {
  static let signals = [SIGINT, SIGTERM, SIGHUP]
  /// The temporary files of the writes in progress: `count` of `capacity` slots, each a C
  /// string, read by the signal handler (so a plain buffer, filled before it is counted).
  nonisolated(unsafe) static var paths: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
  nonisolated(unsafe) static var capacity = 0
  nonisolated(unsafe) static var count = 0
  nonisolated(unsafe) static var previous = [SignalAction](repeating: SignalAction(), count: 3)
  nonisolated(unsafe) static var installed = [Bool](repeating: false, count: 3)

  /// Begins guarding up to `capacity` temporary files, each given to `add` once it is made.
  static func begin(capacity: Int) {
    let slots = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: capacity)
    slots.initialize(repeating: nil, count: capacity)
    self.capacity = capacity
    count = 0
    paths = slots
    for (slot, number) in signals.enumerated() {
      var old = SignalAction()
      guard sigaction(number, nil, &old) == 0, !isIgnored(old) else { continue }
      var action = SignalAction()
      setHandler(&action, removeTemporaryFile)
      sigemptyset(&action.sa_mask)
      previous[slot] = old
      installed[slot] = sigaction(number, &action, nil) == 0
    }
  }

  static func add(_ temporary: String) {
    guard let paths, count < capacity else { return }
    paths[count] = strdup(temporary)
    count += 1
  }

  static func end() {
    for (slot, number) in signals.enumerated() where installed[slot] {
      sigaction(number, &previous[slot], nil)
      installed[slot] = false
    }
    let slots = paths
    let filled = count
    count = 0
    paths = nil
    if let slots {
      for index in 0..<filled { free(slots[index]) }
      slots.deallocate()
    }
  }

  private static func isIgnored(_ action: SignalAction) -> Bool {
    #if canImport(Glibc) || canImport(Musl)
      let handler = action.__sigaction_handler.sa_handler
    #else
      let handler = action.__sigaction_u.__sa_handler
    #endif
    return unsafeBitCast(handler, to: Int.self) == 1  // SIG_IGN
  }

  private static func setHandler(
    _ action: inout SignalAction, _ handler: @escaping @convention(c) (Int32) -> Void
  ) {
    #if canImport(Glibc) || canImport(Musl)
      action.__sigaction_handler.sa_handler = handler
    #else
      action.__sigaction_u.__sa_handler = handler
    #endif
  }
}

/// Async-signal-safe: unlink, sigaction and raise.
private func removeTemporaryFile(_ number: Int32) {
  if let paths = TemporaryFileGuard.paths {
    for index in 0..<TemporaryFileGuard.count {
      if let path = paths[index] { unlink(path) }
    }
  }
  if let slot = TemporaryFileGuard.signals.firstIndex(of: number) {
    sigaction(number, &TemporaryFileGuard.previous[slot], nil)
  }
  raise(number)
}
