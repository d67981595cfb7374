import ArgumentParser
import LuaBridge
import Scenarios

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

struct Explore: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Search the orders of user and system events for one that breaks the app.",
    discussion: """
      From the scenario's start point (explore.start(), or the end of the file), tries every \
      sequence of events the life-cycle machine allows (home, activate, a call, kill, a \
      system termination, a memory warning, the background allowance running out, the app's \
      URL schemes, quick actions, activities and notifications, scenes opening and closing, \
      …) up to --depth events, breadth first, each path run again from the start of the \
      file (on worker processes, one per core unless -j says otherwise). After every event \
      the contract is checked: the scenario's invariant(...) \
      functions, its expectations, and what UIKit itself enforces (an uncaught exception, \
      a watchdog kill, a background task left running).

      The first violation found is the shortest: it is printed with its path and trace, and \
      --output writes it as a scenario that replays it under lifescript run. Paths that reach \
      a state explored already are not explored again when the scenario says what its state \
      is (explore.state(function() return … end)). Exit status: 1 on a violation, 0 when \
      the search found none, 2 for bad input or a scenario that fails before its start point \
      or runs differently twice. See Documentation/Reference/explore.md.
      """
  )

  @Argument(help: "The scenario file.", completion: .file(extensions: ["lua"]))
  var file: String

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp("How many events a path has at most (0 to 64; default 4).", valueName: "n"),
    transform: WholeNumber.parser(
      "a number of events", in: 0...Explorer.Options.depthLimit,
      note: "the paths grow as the number of events to the power of the depth"))
  var depth: Int = 4

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp("Stop after running this many paths.", valueName: "n"),
    transform: WholeNumber.parser("a number of paths", in: 1...Int.max))
  var maxPaths: Int?

  @Option(
    name: .customLong("time"), parsing: .unconditional,
    help: ArgumentHelp("Stop after this many seconds of searching.", valueName: "seconds"),
    transform: { text in
      guard let seconds = Double(text), seconds > 0, seconds.isFinite else {
        throw OutOfRange(expected: "a number of seconds greater than 0, like 30 or 0.5")
      }
      return seconds
    })
  var seconds: Double?

  // Taken as it comes, as `test` takes it: `-1/2` is a value out of range, not an option.
  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "Explore part i of n of the space (from 1): the parts of n shards together are the whole search.",
      valueName: "i/n"))
  var shard: String?

  @Option(
    help: ArgumentHelp(
      "Write the counterexample as a scenario that replays it (lifescript run FILE fails the same way).",
      valueName: "file"),
    completion: .file(extensions: ["lua"]))
  var output: String?

  @Option(
    help: ArgumentHelp(
      "Draw the counterexample as a sequence diagram: mermaid, plantuml or svg (to standard output, or to --diagram-output).",
      valueName: "format"))
  var diagram: DiagramFormat?

  @Option(
    help: ArgumentHelp("Write the --diagram to this file.", valueName: "file"),
    completion: .file())
  var diagramOutput: String?

  @Flag(help: "No progress line on a terminal.")
  var quiet = false

  @Option(
    name: [.customShort("j", allowingJoined: true), .customLong("jobs")], parsing: .unconditional,
    help: ArgumentHelp(
      "Worker processes that run paths (default: one per core; 1 runs them in this process).",
      valueName: "n"), transform: WholeNumber.parser("a number of workers", in: WholeNumber.workers)
  )
  var workers: Int?

  @OptionGroup var app: AppOptions
  @OptionGroup var root: RootOption
  @OptionGroup var limits: LimitOptions

  func validate() throws {
    try root.check(containing: [file])
    try OutputFiles.checkNotEmpty(output, option: "--output")
    try OutputFiles.checkNotEmpty(diagramOutput, option: "--diagram-output")
    if let shard, Shard(shard) == nil {
      throw ValidationError("--shard takes i/n with 1 <= i <= n, like 2/3, not '\(shard)'")
    }
    if diagramOutput != nil, diagram == nil {
      throw ValidationError(
        "--diagram-output names the file for a diagram; add --diagram mermaid, plantuml or svg")
    }
  }

  func run() throws {
    // `run` reads a pipe as it comes (`lifescript run <(…)`); explore reads the file again for
    // every path, and opening a FIFO a second time would wait for a writer.
    if FileSystem.kind(of: file) == .other {
      Console.writeError(
        "lifescript explore: \(file) is not a regular file (a FIFO, a device or a socket): explore runs the file again for every path; save it to a file\n"
      )
      throw ExitCode(2)
    }
    guard let (configured, configuration) = Run.configured(for: file) else { throw ExitCode(2) }
    var settings = configured
    limits.apply(to: &settings)
    app.apply(to: &settings.scenario)
    root.apply(to: &settings.scenario)
    for path in [output, diagramOutput].compactMap({ $0 }) {
      do {
        try FileSystem.checkWritable(path)
      } catch {
        Console.writeError(error.message + "\n")
        throw ExitCode(2)
      }
    }
    // One file cannot hold both: the diagram, written second, would replace the counterexample.
    // (A device or a FIFO, such as /dev/stdout, is written into, not replaced: both may go
    // there.)
    if let output, let diagramOutput, OutputFiles.isOneFile(output, diagramOutput) {
      Console.writeError(
        "lifescript explore: --output \(output) and --diagram-output \(diagramOutput) are one file: the diagram would replace the counterexample; name two files\n"
      )
      throw ExitCode(2)
    }
    let inputs = OutputFiles.scenarios([file]) + (configuration?.inputs ?? [])
    for (path, option, what) in [
      (output, "--output", "the counterexample"),
      (diagramOutput, "--diagram-output", "the diagram"),
    ] {
      guard let path,
        let refusal = OutputFiles.refusal(
          path, named: "\(option) \(path)", writing: what, inputs: inputs, scenarios: [file])
      else { continue }
      Console.writeError("lifescript explore: \(refusal)\n")
      throw ExitCode(2)
    }
    var options = Explorer.Options()
    options.depth = depth
    options.maxPaths = maxPaths
    options.seconds = seconds
    options.shard = shard.flatMap(Shard.init).map { ($0.index, $0.count) }
    options.scenario = settings.scenario
    var explorer = Explorer(file: file, options: options)
    let started = Self.now()
    explorer.elapsed = { Self.now() - started }
    let progress = ProgressLine(enabled: !quiet && isatty(2) == 1)
    let workerCount = workers ?? Test.cores
    // The time limit is per path, as it is per test: each path starts the watchdog again. On
    // workers each path has its own watchdog there; this process's allows for a path queued
    // behind another and for a worker's death to be seen on a busy machine (the worker's own
    // message names the path), and guards the paths it runs again itself.
    let timeout = settings.timeout.map { workerCount > 1 ? 2 * $0 + 10 : $0 }
    func restartWatchdog() {
      if let timeout {
        LuaWatchdog.start(
          seconds: timeout, message: Self.timeLimitMessage(file: file, seconds: timeout),
          status: 2)
      }
    }
    explorer.progress = { report, level, done, frontier in
      restartWatchdog()
      progress.show(
        report, level: level, done: done, frontier: frontier, elapsed: Self.now() - started)
    }
    restartWatchdog()
    defer { LuaWatchdog.cancel() }
    let report: Explorer.Report
    if workerCount > 1 {
      let runner = ExploreWorkerRunner(
        count: workerCount,
        arguments: ["--explore", file] + app.arguments + root.arguments + limits.arguments
          + (settings.timeout.map { ["--timeout", String($0)] } ?? ["--timeout", "none"]))
      var worker = runner
      report = explorer.run(using: &worker)
      runner.finish()
    } else {
      var runner = InProcessPathRunner(file: file, options: options.scenario)
      if let timeout {
        // Each path gets the whole time limit, and the limit's message names it.
        runner.starting = { job in
          LuaWatchdog.start(
            seconds: timeout,
            message: Self.timeLimitMessage(file: file, seconds: timeout, path: job.path), status: 2)
        }
      }
      report = explorer.run(using: &runner)
    }
    progress.clear()
    let status = write(report, explorer: explorer, elapsed: Self.now() - started)
    if status != 0 { throw ExitCode(status) }
  }

  /// Prints the report; writes the counterexample and the diagram. Returns the exit status.
  private func write(_ report: Explorer.Report, explorer: Explorer, elapsed: Double) -> Int32 {
    var out = ""
    let searched =
      "\(plural(report.paths, "path")) run, \(plural(report.states, report.mergesStates ? "distinct state" : "state")) reached"
    switch report.ending {
    case .error:
      if let problem = report.problem {
        if !problem.isEmpty { Console.writeError(problem + "\n") }
      } else if let failure = report.failure {
        // A limit (memory, instructions) or an error outside the contract: the search stops at
        // the path that met it.
        var text =
          report.failedPath.isEmpty
          ? "lifescript explore: \(file) fails before any event is tried:\n"
          : "lifescript explore: \(file) fails on a path, so the search cannot go on:\npath (\(plural(report.failedPath.count, "event"))):\n"
        for (index, step) in report.failedPath.enumerated() {
          text += "  \(index + 1). \(step.code)\n"
        }
        Console.writeError(text + Colour.forStandardError.diff(FailureReport(failure).text) + "\n")
      } else if let difference = report.nondeterminism {
        Console.writeError(
          "lifescript explore: \(file) is not deterministic: the same path ran twice and differed: \(difference); explore needs a scenario that runs the same way every time (see Documentation/Reference/explore.md#deterministic-scenarios)\n"
        )
      }
      return 2
    case .violation:
      guard let violation = report.violation else { return 2 }
      out += "VIOLATION \(violation.summary)\n"
      if let location = violation.location { out += "  declared at \(location)\n" }
      if let detail = violation.detail {
        out += detail.split(separator: "\n", omittingEmptySubsequences: false).map {
          "  \($0)\n"
        }.joined()
      }
      out += "path (\(plural(violation.path.count, "event"))):\n"
      if violation.path.isEmpty { out += "  (none: the start point itself)\n" }
      for (index, step) in violation.path.enumerated() {
        out += "  \(index + 1). \(step.code)\n"
      }
      let trace = explorer.trace(of: violation.path)
      out += "trace (▶ marks the explored events):\n"
      for (line, explored) in trace {
        out += (explored ? "  ▶ " : "    ") + line + "\n"
      }
      out += "searched: \(searched) in \(Self.duration(elapsed))\n"
      Console.writeOutput(out)
      var status: Int32 = 1
      if let output {
        status = max(status, writeCounterexample(violation, to: output))
      }
      if let diagram {
        let text = diagram.render(
          SequenceDiagram(entries: explorer.traceEntries(of: violation.path), spelling: .objectiveC)
        )
        if let diagramOutput {
          do {
            try FileSystem.writeAtomically(text, to: diagramOutput)
          } catch {
            Console.writeError(error.message + "\n")
            status = 2
          }
        } else {
          Console.writeOutput(text)
        }
      }
      return status
    case .complete, .budget:
      if report.ending == .complete {
        out +=
          "OK    no violation in every path of up to \(plural(depth, "event")) from the start point\n"
      } else {
        out +=
          "OK    no violation so far; the search stopped at its budget: "
          + (report.depthCompleted >= 0 ? "depth \(report.depthCompleted) complete, " : "")
          + "\(report.levelRun) of \(plural(report.levelSize, "path")) of depth \(report.depthCompleted + 1) run\n"
      }
      out += "searched: \(searched) in \(Self.duration(elapsed))"
      if !report.mergesStates {
        out += " (no explore.state: states are never merged)"
      }
      out += "\n"
      out += coverageText(report.coverage)
      Console.writeOutput(out)
      if output != nil || diagram != nil {
        Console.writeError("lifescript explore: no violation, so no counterexample to write\n")
      }
      return 0
    }
  }

  private func coverageText(_ coverage: ExploreCoverage) -> String {
    var text =
      "coverage: \(plural(coverage.states.count, "life-cycle state")), \(plural(coverage.transitions.count, "transition")), \(coverage.handlers.count - coverage.handlersNeverCalled.count) of the \(plural(coverage.handlers.count, "method")) the script's classes define called\n"
    let never = coverage.handlersNeverCalled
    if !never.isEmpty {
      text += "never called:\n" + never.map { "  \($0)\n" }.joined()
    }
    return text
  }

  /// Writes the counterexample and runs it once as `lifescript run` would; 0 when it fails the
  /// same way, 2 when it could not be written or does not replay.
  private func writeCounterexample(_ violation: Explorer.Violation, to path: String) -> Int32 {
    do {
      let source = Counterexample.source(
        for: violation, original: try LuaInputFile.read(file, file: file, expected: "a Lua file"),
        file: file)
      try FileSystem.writeAtomically(source, to: path)
    } catch {
      Console.writeError("lifescript explore: \(error)\n")
      return 2
    }
    // As `lifescript run` with the app's options would run it, the file's own lifescript.lua
    // laid under them.
    var options = Run.configuredSettings(for: path)?.scenario ?? ScenarioOptions()
    app.apply(to: &options)
    root.apply(to: &options)
    let replay = Counterexample.replays(path, violation: violation, options: options)
    if let problem = replay {
      Console.writeError(
        "lifescript explore: wrote \(path), but it does not replay the violation there: \(problem)\n"
      )
      return 2
    }
    let command = (["lifescript", "run"] + app.arguments + root.arguments + [path])
      .joined(separator: " ")
    Console.writeOutput("counterexample: \(path) (\(command) fails the same way)\n")
    return 0
  }

  /// What a path that overstays `--timeout` says, with the path when it is known.
  static func timeLimitMessage(file: String, seconds: Int, path: [ExploreStep]? = nil) -> String {
    var message =
      "\(file): time limit exceeded on one explored path (\(seconds) s of wall-clock time); raise it with --timeout\n"
    if let path {
      message += "path (\(plural(path.count, "event"))):\n"
      if path.isEmpty { message += "  (none: the start point itself)\n" }
      for (index, step) in path.enumerated() { message += "  \(index + 1). \(step.code)\n" }
    }
    return message
  }

  static func now() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }

  /// `0.42 s`, `12 s`.
  static func duration(_ seconds: Double) -> String {
    guard seconds < 10 else { return "\(Int(seconds.rounded())) s" }
    let hundredths = Int((seconds * 100).rounded())
    return "\(hundredths / 100).\(hundredths % 100 < 10 ? "0" : "")\(hundredths % 100) s"
  }
}

/// The search's progress on a terminal's standard error, one line rewritten in place.
final class ProgressLine {
  let enabled: Bool
  private var lastShown = 0.0
  private var shown = false

  init(enabled: Bool) { self.enabled = enabled }

  func show(_ report: Explorer.Report, level: Int, done: Int, frontier: Int, elapsed: Double) {
    guard enabled, elapsed - lastShown >= 0.1 else { return }
    lastShown = elapsed
    shown = true
    Console.writeError("\r\u{1B}[K" + Self.text(report, level, done, frontier, elapsed))
  }

  /// `depth 3: 1200 of 2197 paths, 3020 in all, 2810 states, 700 paths/s, depth 3 done in ~2 s`:
  /// the time left is for the depth being searched (the next one's size is not known yet).
  static func text(
    _ report: Explorer.Report, _ level: Int, _ done: Int, _ frontier: Int, _ elapsed: Double
  ) -> String {
    let rate = elapsed > 0 ? Double(report.paths) / elapsed : 0
    var text =
      "  depth \(level): \(done) of \(frontier) paths, \(report.paths) in all, \(report.states) states, \(Int(rate)) paths/s"
    if rate > 0, done < frontier {
      text += ", depth \(level) done in ~\(Explore.duration(Double(frontier - done) / rate))"
    }
    return text
  }

  func clear() {
    if shown { Console.writeError("\r\u{1B}[K") }
  }
}
