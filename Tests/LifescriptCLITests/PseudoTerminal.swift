import Foundation
import Testing

/// `lifescript` on a pseudo-terminal of its own, as someone at a terminal runs it: what the test
/// types goes through the terminal's line discipline (Ctrl-C becomes SIGINT for the program,
/// Ctrl-D the end of input), and what the program writes comes back as the screen shows it.
///
/// The program is the leader of a new session whose controlling terminal is the pseudo-terminal.
/// Output is read as it comes; `wait(for:)` waits (up to a generous time, never asserted) until
/// some text has appeared since the previous wait.
final class PseudoTerminal {
  private let master: Int32
  private let pid: pid_t
  private var screen: [UInt8] = []
  /// Where the next `wait(for:)` starts looking.
  private var mark = 0
  private var exitStatus: Int32?

  /// Linux's ioctl requests for /dev/ptmx (the `_IOW`/`_IOR` macros are not imported).
  private static let unlockRequest: UInt = 0x4004_5431  // TIOCSPTLCK
  private static let numberRequest: UInt = 0x8004_5430  // TIOCGPTN
  /// posix_spawn's POSIX_SPAWN_SETSID (a GNU extension, not imported).
  private static let newSession: Int32 = 0x80

  /// Starts `lifescript arguments` in `directory` with `environment` added to the test's own.
  init(_ arguments: [String], in directory: URL, environment: [String: String]) throws {
    master = open("/dev/ptmx", O_RDWR | O_NOCTTY | O_CLOEXEC)
    guard master >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    var unlock: Int32 = 0
    var number: UInt32 = 0
    // Wide enough that no line the tests type wraps.
    var size = winsize(ws_row: 50, ws_col: 400, ws_xpixel: 0, ws_ypixel: 0)
    guard ioctl(master, Self.unlockRequest, &unlock) == 0,
      ioctl(master, Self.numberRequest, &number) == 0,
      ioctl(master, UInt(TIOCSWINSZ), &size) == 0
    else {
      close(master)
      throw POSIXError(.EIO)
    }
    _ = fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK)

    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    posix_spawnattr_setflags(
      &attributes, Int16(Self.newSession | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    var noSignals = sigset_t()
    sigemptyset(&noSignals)
    posix_spawnattr_setsigmask(&attributes, &noSignals)
    var interrupt = sigset_t()
    sigemptyset(&interrupt)
    sigaddset(&interrupt, SIGINT)
    posix_spawnattr_setsigdefault(&attributes, &interrupt)

    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    // Opened after setsid, the terminal becomes the new session's controlling terminal.
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/pts/\(number)", O_RDWR, 0)
    posix_spawn_file_actions_adddup2(&actions, 0, 1)
    posix_spawn_file_actions_adddup2(&actions, 0, 2)

    let command =
      ["/usr/bin/env", "-C", directory.path, CommandLine.executable.path] + arguments
    let argv = command.map { strdup($0) } + [nil]
    defer { for argument in argv { free(argument) } }
    let variables = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    let envp = variables.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { for variable in envp { free(variable) } }
    var pid = pid_t()
    let spawned = posix_spawn(&pid, command[0], &actions, &attributes, argv, envp)
    guard spawned == 0 else {
      close(master)
      throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EIO)
    }
    self.pid = pid
  }

  deinit {
    if exitStatus == nil {
      kill(pid, SIGKILL)
      var status: Int32 = 0
      waitpid(pid, &status, 0)
    }
    close(master)
  }

  /// Everything the program wrote so far, line breaks as `\n`.
  var transcript: String { Self.text(screen[...]) }

  /// Types `keys` (a line ends with "\r", as the Return key sends; "\u{3}" is Ctrl-C).
  func type(_ keys: String) {
    var bytes = Array(keys.utf8)
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeMutableBytes {
        write(master, $0.baseAddress! + offset, $0.count - offset)
      }
      if written > 0 {
        offset += written
      } else if errno != EINTR && errno != EAGAIN {
        return
      } else {
        usleep(1_000)
      }
    }
  }

  /// Waits until `text` appears in the output after the previous wait; returns the output up to
  /// and including it. Records an issue and throws when it does not come within `seconds`.
  @discardableResult
  func wait(
    for text: String, seconds: Double = 60, sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> String {
    let needle = Array(text.utf8)
    let deadline = Date().addingTimeInterval(seconds)
    while true {
      let normalized = Self.normalize(screen[mark...])
      if let range = normalized.firstRange(of: needle) {
        let found = Array(normalized[..<range.upperBound])
        // Move the mark past the match in the raw bytes (line breaks there are "\r\n").
        mark += Self.rawLength(of: found.count, in: screen[mark...])
        return String(decoding: found, as: UTF8.self)
      }
      if Date() > deadline || (!readAvailable() && exitStatus != nil) {
        Issue.record(
          "\(text.debugDescription) did not appear; the terminal showed:\n\(transcript)",
          sourceLocation: sourceLocation)
        throw POSIXError(.ETIMEDOUT)
      }
    }
  }

  /// Waits until the program reads keys one at a time: a line editor has taken the terminal out
  /// of its line mode, as libedit does just before it reads (after it shows the prompt). Keys
  /// typed before that are echoed by the terminal too, and a Ctrl-D there can be lost.
  func waitForKeyByKeyInput(
    seconds: Double = 60, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let deadline = Date().addingTimeInterval(seconds)
    var settings = termios()
    while tcgetattr(master, &settings) == 0, settings.c_lflag & tcflag_t(ICANON) != 0 {
      if Date() > deadline {
        Issue.record(
          "the terminal stayed in line mode; it showed:\n\(transcript)",
          sourceLocation: sourceLocation)
        throw POSIXError(.ETIMEDOUT)
      }
      _ = readAvailable()
    }
  }

  /// Waits for the program to end (after Ctrl-D or `:quit`); its exit status, or 128 + signal.
  func waitForExit(seconds: Double = 60) -> Int32? {
    let deadline = Date().addingTimeInterval(seconds)
    while exitStatus == nil, Date() < deadline { _ = readAvailable() }
    while readAvailable() {}
    if exitStatus == nil {
      Issue.record("lifescript did not end; the terminal showed:\n\(transcript)")
    }
    return exitStatus
  }

  /// Reads what has arrived, waiting briefly for more; false when nothing came.
  private func readAvailable() -> Bool {
    var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
    _ = poll(&descriptor, 1, 20)
    var chunk = [UInt8](repeating: 0, count: 4096)
    let count = chunk.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
    if count > 0 {
      screen += chunk[..<count]
      return true
    }
    // EIO: nobody has the terminal open (the program has not opened it yet, or has ended).
    if exitStatus == nil {
      var status: Int32 = 0
      if waitpid(pid, &status, WNOHANG) == pid {
        exitStatus = status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
      }
    }
    return false
  }

  private static func normalize(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
    var result: [UInt8] = []
    result.reserveCapacity(bytes.count)
    var previous: UInt8 = 0
    for byte in bytes {
      if byte == 0x0A, previous == 0x0D { result.removeLast() }
      result.append(byte)
      previous = byte
    }
    return result
  }

  /// How many raw bytes make up the first `count` normalized ones.
  private static func rawLength(of count: Int, in bytes: ArraySlice<UInt8>) -> Int {
    var normalizedCount = 0
    var index = bytes.startIndex
    while normalizedCount < count, index < bytes.endIndex {
      if bytes[index] == 0x0D, index + 1 < bytes.endIndex, bytes[index + 1] == 0x0A {
        index += 1  // "\r\n" is one normalized byte
      }
      index += 1
      normalizedCount += 1
    }
    return index - bytes.startIndex
  }

  private static func text(_ bytes: ArraySlice<UInt8>) -> String {
    String(decoding: normalize(bytes), as: UTF8.self)
  }
}
