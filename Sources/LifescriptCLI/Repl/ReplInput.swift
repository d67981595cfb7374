import LuaBridge
import Scenarios

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The REPL's input: lines edited with libedit and kept in `~/.lifescript_history` when standard
/// input is a terminal (and TERM is not `dumb`, as in an editor's shell buffer) and libedit is
/// installed; otherwise plain lines from standard input, with the prompts only on a terminal.
final class ReplInput {
  enum Input: Equatable {
    case line(String)
    /// Ctrl-C: the line typed so far is gone.
    case interrupted
    /// Ctrl-D, or the end of piped input.
    case end
  }

  /// Whether standard input is a terminal: prompts are shown, and Ctrl-C echoes.
  let isTerminal: Bool
  private let editor: Libedit?
  /// Whether lines would be edited with libedit if it were installed.
  let lacksLibedit: Bool
  private let historyFile: String?
  private var plainLines = LineReader(source: ReplInput.readInput)

  init() {
    isTerminal = isatty(0) == 1
    let terminal = getenv("TERM").map { String(cString: $0) }
    let wantsEditor = isTerminal && terminal != "dumb"
    editor = wantsEditor ? Libedit.load() : nil
    lacksLibedit = wantsEditor && editor == nil
    if editor != nil, let home = getenv("HOME").map({ String(cString: $0) }), !home.isEmpty {
      historyFile = (home.hasSuffix("/") ? home : home + "/") + ".lifescript_history"
    } else {
      historyFile = nil
    }
    if let editor, let historyFile { editor.loadHistory(from: historyFile) }
  }

  /// The next line, without its line break.
  func read(prompt: String) -> Input {
    fflush(nil)  // what scripts printed comes before the prompt
    if let editor {
      if let line = editor.read(prompt: prompt) { return .line(line) }
      return LuaInterrupt.isRequested ? .interrupted : .end
    }
    if isTerminal { Console.writeOutput(prompt) }
    return readPlainLine()
  }

  /// Adds a line to the history and saves it (quietly skipped when the file is not writable).
  func remember(_ line: String) {
    guard let editor, !line.allSatisfy({ $0 == " " || $0 == "\t" }) else { return }
    editor.remember(line)
    if let historyFile { editor.saveHistory(to: historyFile) }
  }

  /// Acknowledges Ctrl-C at the prompt: the terminal shows `^C` and the next prompt starts a
  /// new line (a terminal without libedit echoes the `^C` itself).
  func showInterrupt() {
    if editor != nil {
      Console.writeOutput("^C\n")
    } else if isTerminal {
      Console.writeOutput("\n")
    }
  }

  private func readPlainLine() -> Input {
    switch plainLines.nextLine() {
    case .line(let line): return .line(line.hasSuffix("\r") ? String(line.dropLast()) : line)
    case .interrupted: return .interrupted
    case .end: return .end
    }
  }
}

extension ReplInput {
  /// Reads from standard input what has arrived (up to `count` bytes), waiting until some has or
  /// Ctrl-C came: nil then. 0 is the end of input (or an error reading it).
  static func readInput(into buffer: UnsafeMutableRawPointer, count: Int) -> Int? {
    var descriptors = [
      pollfd(fd: 0, events: Int16(POLLIN), revents: 0),
      pollfd(fd: LuaInterrupt.descriptor, events: Int16(POLLIN), revents: 0),
    ]
    while true {
      if LuaInterrupt.isRequested { return nil }
      let ready = poll(&descriptors, nfds_t(descriptors.count), -1)
      if ready < 0 {
        if errno == EINTR { continue }
        return 0
      }
      if descriptors[1].revents != 0 { return nil }
      guard descriptors[0].revents != 0 else { continue }
      let count = Glibc.read(0, buffer, count)
      if count >= 0 { return count }
      if errno != EINTR && errno != EAGAIN { return 0 }
    }
  }
}
