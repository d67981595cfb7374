import AppLifecycle
import LuaBridge
import Scenarios

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// One `lifescript repl` session: a scenario that input runs in, one chunk at a time.
///
/// A chunk is a line, or several when the first is not complete Lua yet (the standalone `lua`'s
/// rule: its syntax error ends at `<eof>`). An expression's values are printed (`return` is
/// tried first, as `lua` does). After each input the lines it added to the trace are shown,
/// indented, and what the input printed comes in its place among them. An error is reported and
/// the session goes on; limits apply to each input.
final class InteractiveSession {
  private let settings: RunSettings
  private var scenario: Scenario
  /// Writes an input's values (`ReplInspector`), in the scenario's Lua state.
  private var inspector: LuaReference
  /// Where `print` goes: the session, once it exists.
  private let printer = Printer()
  /// How many trace entries have been shown, and the virtual time of the last one.
  private var shownEntries = 0
  private var shownTime = VirtualInstant.zero
  /// The lines of a chunk that is not complete yet.
  private var pending: [String] = []
  /// The name errors in typed input carry (`stdin:1: …`), as in `lua`.
  private static let chunkName = "stdin"

  init(settings: RunSettings) throws {
    self.settings = settings
    (scenario, inspector) = try Self.makeScenario(settings: settings, printer: printer)
    printer.session = self
  }

  /// A fresh scenario whose `print` shows the trace lines before it first (so what a delegate
  /// method prints comes after the line of its call), and its inspector.
  private static func makeScenario(settings: RunSettings, printer: Printer) throws -> (
    Scenario, LuaReference
  ) {
    let scenario = try Scenario(
      options: settings.scenario, folder: ".",
      output: { [printer] text in
        printer.session?.showNewTrace()
        Console.writeOutput(text)
      })
    scenario.refuseTestDefinitions(
      "test() defines a named test of a scenario file, which lifescript run or lifescript test runs in a fresh app; the REPL runs what you type at once, so type the test's body instead (or :load a file without tests)"
    )
    return (scenario, try ReplInspector.load(into: scenario.lua))
  }

  final class Printer {
    weak var session: InteractiveSession?
  }

  /// The names Tab offers for the line typed so far (`ReplCompletion`).
  func completions(for line: String) -> ReplCompletion.Result {
    ReplCompletion(scenario: scenario).complete(line)
  }

  var prompt: String { pending.isEmpty ? "lifescript> " : "...> " }

  /// Takes one line of input; false when the session should end (`:quit`).
  func enter(_ line: String) -> Bool {
    // A limit or Ctrl-C that stopped the previous input would otherwise fail this one at once.
    scenario.lua.resetInstructionBudget()
    if pending.isEmpty, line.hasPrefix(":"), !line.hasPrefix("::") {
      return command(line)
    }
    pending.append(line)
    let chunk: LuaReference
    do {
      guard let compiled = try compilePending() else { return true }
      chunk = compiled
    } catch {
      report(error, file: Self.chunkName)
      return true
    }
    execute(file: Self.chunkName) { try scenario.lua.call(chunk) }
    return true
  }

  /// Forgets a chunk that was not complete (Ctrl-C).
  func discardPending() { pending = [] }

  /// At the end of input: a chunk that was never completed gets its syntax error.
  func finish() {
    guard !pending.isEmpty else { return }
    scenario.lua.resetInstructionBudget()
    do {
      _ = try scenario.lua.load(pending.joined(separator: "\n"), chunkName: "=" + Self.chunkName)
    } catch {
      report(error, file: Self.chunkName)
    }
    pending = []
  }

  /// The pending lines as a function, or nil when they are not complete yet. A single line is
  /// tried as an expression first.
  private func compilePending() throws -> LuaReference? {
    let source = pending.joined(separator: "\n")
    let lua = scenario.lua
    if pending.count == 1,
      let expression = try? lua.load("return " + source, chunkName: "=" + Self.chunkName)
    {
      pending = []
      return expression
    }
    do {
      let chunk = try lua.load(source, chunkName: "=" + Self.chunkName)
      pending = []
      return chunk
    } catch let error as LuaError where error.isIncomplete {
      return nil
    } catch {
      pending = []
      throw error
    }
  }

  // MARK: Commands

  private func command(_ line: String) -> Bool {
    let words = line.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
    let name = words.first.map(String.init) ?? ":"
    let argument = words.count > 1 ? String(words[1]).trimmingSpaces : ""
    switch name {
    case ":help":
      Console.writeOutput(Self.help)
    case ":trace":
      let lines = scenario.trace.lines(spelling: settings.names.spelling)
      Console.writeOutput(lines.map { $0 + "\n" }.joined())
    case ":reset":
      do {
        (scenario, inspector) = try Self.makeScenario(settings: settings, printer: printer)
        shownEntries = 0
        shownTime = .zero
        Console.writeOutput("a new scenario: a fresh Lua state and device\n")
      } catch {
        report(error, file: Self.chunkName)
      }
    case ":load":
      guard !argument.isEmpty else {
        Console.writeError("usage: :load FILE\n")
        return true
      }
      execute(file: argument) {
        try scenario.run(file: argument)
        return []
      }
    case ":complete":
      // What Tab offers for the text (where there is no terminal to press Tab on).
      guard !argument.isEmpty else {
        Console.writeError("usage: :complete TEXT\n")
        return true
      }
      let result = completions(for: argument)
      Console.writeOutput(result.candidates.map { $0 + "\n" }.joined())
    case ":quit", ":q":
      return false
    default:
      Console.writeError("unknown command \(name); :help lists the commands\n")
    }
    return true
  }

  // MARK: Running

  /// Runs one input under the limits, then shows the trace it added and its values or error.
  private func execute(file: String, _ body: () throws -> [LuaValue]) {
    let lua = scenario.lua
    lua.resetInstructionBudget()
    settings.startWatchdog(file: file)
    defer { LuaWatchdog.cancel() }
    do {
      let values = try body()
      showNewTrace()
      if !values.isEmpty { show(values) }
    } catch {
      showNewTrace()
      report(error, file: file)
    }
  }

  /// Writes an input's values with the inspector, which has a budget of its own; a value it
  /// cannot write (a `__tostring` that never ends, with the budget exhausted) is said so.
  private func show(_ values: [LuaValue]) {
    scenario.lua.resetInstructionBudget()
    do {
      if case .string(let text) = try scenario.lua.call(inspector, values).first {
        Console.writeOutput(text + "\n")
      }
    } catch let error as LuaError {
      let message = error.messageWithoutPosition.split(separator: "\n").first ?? ""
      Console.writeError("(the result cannot be shown: \(message))\n")
    } catch {
      Console.writeError("(the result cannot be shown: \(error))\n")
    }
  }

  /// The trace entries added since the last call, indented, with `t = 30s` where virtual time
  /// moved.
  fileprivate func showNewTrace() {
    let entries = scenario.trace.entries
    guard entries.count > shownEntries else { return }
    var text = ""
    // The user typed the action; what UIKit skipped is for --trace-all.
    for entry in entries[shownEntries...] where entry.event.detail == .checked {
      if entry.time != shownTime {
        text += "  t = \(entry.time)\n"
        shownTime = entry.time
      }
      text += "  " + entry.event.line(spelling: settings.names.spelling) + "\n"
    }
    shownEntries = entries.count
    Console.writeOutput(Colour.forStandardOutput.dim(text))
  }

  private func report(_ error: any Error, file: String) {
    guard error is LuaError else {
      Console.writeError("\(error)\n")
      return
    }
    let failure = ScenarioRunner.failure(error, file: file, options: settings.scenario)
    // The terminal echoed ^C where the cursor was.
    if case .error(let error) = failure.reason, error.kind == .interrupted, isatty(0) == 1 {
      Console.writeOutput("\n")
    }
    let text = FailureReport(failure).text
    Console.writeError(
      (failure.isExpectationFailure ? Colour.forStandardError.diff(text) : text) + "\n")
  }

  static let help = """
    Type Lua as in a scenario: class, Info, Storyboard, main, UIApplicationMain, device.*, wait,
    expect.*, trace, print. An expression prints its values, a table as its contents (nested,
    keys sorted, a table met again as <table N>). Tab completes names: globals, classes,
    device., expect., the methods of obj: and Class. An input that is not complete yet
    (a function without its end) goes on at the ...> prompt. Locals last one input, as in lua:
    write AppDelegate = class(...) to keep the class for the inputs that follow.

    After each input, the lines it added to the trace are shown indented: what UIKit created,
    sent, posted and logged, with t = 30s where virtual time moved.

      :trace        the whole trace so far
      :reset        start again: a fresh Lua state and device
      :load FILE    run a scenario file in this session
      :complete TEXT  the names Tab offers after TEXT
      :help         this text
      :quit         leave (as Ctrl-D does)

    Ctrl-C clears the line, or stops an input that runs too long; Ctrl-D on an empty line
    leaves. With libedit, Up and Down recall earlier lines (kept in ~/.lifescript_history).

    """
}

extension String {
  fileprivate var trimmingSpaces: String {
    String(
      drop(while: { $0 == " " || $0 == "\t" }).reversed().drop(while: { $0 == " " || $0 == "\t" })
        .reversed())
  }
}
