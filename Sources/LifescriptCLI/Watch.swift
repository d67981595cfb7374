import LuaBridge
import Scenarios

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// `lifescript run --watch FILE`: runs the scenario, then again whenever it or a file it read
/// (a module it `require`d, a file it loaded with `loadfile`/`dofile`, its Info.plist or
/// storyboard files) changes, clearing the screen between runs on a terminal.
///
/// Each run is a child `lifescript run` with the same arguments, so a crash, a time limit or
/// `os.exit` ends that run, not the watch. The child reports the files it read on descriptor 3
/// (`--report-reads`); a file that was missing when read is watched too, so creating it runs
/// the scenario again. Files are polled (size, modification time, inode), which also sees a file
/// deleted and created again, as editors save.
enum Watch {
  static let reportDescriptor: Int32 = 3
  static let pollInterval: useconds_t = 150_000

  /// Never returns: Ctrl-C ends the watch.
  static func loop(file: String, arguments: [String]) -> Never {
    var watched = [file]
    var changed: [String] = []
    let colour = Colour.forStandardOutput
    while true {
      var before = snapshot(watched)
      if !changed.isEmpty {
        if colour.enabled { Console.writeOutput("\u{1B}[H\u{1B}[2J") }
        let names = changed.count == 1 ? changed[0] : "\(changed[0]) and \(changed.count - 1) more"
        Console.writeOutput(colour.dim("[watch] \(names) changed; running again") + "\n")
      }
      let (status, reads) = runOnce(arguments: arguments)
      var seen = Set<String>()
      watched = ([file] + reads).filter { seen.insert($0).inserted }
      for path in watched where before[path] == nil { before[path] = signature(of: path) }
      let others = watched.count - 1
      Console.writeOutput(
        colour.dim(
          "[watch] \(describe(status)); watching \(file)"
            + (others > 0 ? " and \(plural(others, "file")) it read" : "")
            + " (Ctrl-C stops)") + "\n")
      changed = waitForChange(watched, from: before)
    }
  }

  /// Runs the scenario once in a child; its exit status (or 128 + signal) and the files it read.
  private static func runOnce(arguments: [String]) -> (Int32, [String]) {
    var ends: [Int32] = [0, 0]
    guard pipe(&ends) == 0 else { return (2, []) }
    _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, ends[1], reportDescriptor)
    let executable = WorkerProcess.executablePath
    let argv = ([executable] + arguments + ["--report-reads"]).map { strdup($0) } + [nil]
    defer { for argument in argv { free(argument) } }
    var pid = pid_t()
    let spawned = posix_spawn(&pid, executable, &actions, nil, argv, environ)
    close(ends[1])
    guard spawned == 0 else {
      close(ends[0])
      Console.writeError(
        "lifescript: cannot run \(executable): \(String(cString: strerror(spawned)))\n")
      return (2, [])
    }
    var reader = LineReader(descriptor: ends[0])
    var reads: [String] = []
    while let line = reader.next() { if !line.isEmpty { reads.append(line) } }
    close(ends[0])
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    let code = status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
    return (code, reads)
  }

  /// Waits until a watched file's signature differs from `before` and then stays the same for a
  /// moment (an editor's save is often several writes); returns the files that changed.
  private static func waitForChange(_ paths: [String], from before: [String: Signature])
    -> [String]
  {
    while true {
      usleep(pollInterval)
      var now = snapshot(paths)
      var changed = paths.filter { now[$0] != before[$0] }
      guard !changed.isEmpty else { continue }
      // Settle: keep waiting while the files are still being written.
      while true {
        usleep(pollInterval)
        let later = snapshot(paths)
        if later == now { break }
        now = later
        changed = paths.filter { now[$0] != before[$0] }
      }
      if !changed.isEmpty { return changed }
    }
  }

  struct Signature: Equatable {
    var exists: Bool
    var size: Int = 0
    var seconds: Int = 0
    var nanoseconds: Int = 0
    var inode: UInt64 = 0
  }

  static func signature(of path: String) -> Signature {
    var status = stat()
    guard stat(path, &status) == 0 else { return Signature(exists: false) }
    return Signature(
      exists: true, size: Int(status.st_size), seconds: Int(status.st_mtim.tv_sec),
      nanoseconds: Int(status.st_mtim.tv_nsec), inode: UInt64(status.st_ino))
  }

  private static func snapshot(_ paths: [String]) -> [String: Signature] {
    Dictionary(uniqueKeysWithValues: paths.map { ($0, signature(of: $0)) })
  }

  private static func describe(_ status: Int32) -> String {
    switch status {
    case 0: "passed"
    case 1: "an expectation failed (exit status 1)"
    case 2: "failed (exit status 2)"
    default: "ended with status \(status)"
    }
  }

  /// In the child: remember every file this process reads, for `report()`.
  static func startRecordingReads() {
    LuaFileReads.observer = { path in
      if readPaths.insert(path).inserted { readOrder.append(path) }
    }
  }

  nonisolated(unsafe) private static var readOrder: [String] = []
  nonisolated(unsafe) private static var readPaths = Set<String>()

  /// In the child: writes the files it read, a line each, to the watch's descriptor.
  static func reportReads() {
    let text = readOrder.map { $0 + "\n" }.joined()
    _ = Array(text.utf8).withUnsafeBytes { Console.write($0, to: reportDescriptor) }
    close(reportDescriptor)
  }
}
