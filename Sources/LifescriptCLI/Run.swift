import AppLifecycle
import ArgumentParser
import LuaBridge
import Scenarios

struct Run: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Run one scenario.",
    discussion: """
      The scenario runs in a fresh, deterministic Lua 5.4 state: os.time and os.clock follow the \
      virtual clock, math.random is seeded from --seed, and io, os.execute, os.exit and C modules \
      are unavailable unless --allow-io is given. The scenario reads files (Info, Storyboard, \
      require, loadfile) under its project root only: the nearest folder above it with .git, an \
      .xcodeproj, Package.swift or lifescript.lua, or the folder --root names. Paths are \
      relative to the scenario's folder; require looks there first, then in the root.

      --diagram draws the trace as a sequence diagram (Mermaid, PlantUML or SVG): to standard \
      output, after the trace when --trace is given too, or to the file --output names. A \
      scenario that fails still draws what happened until it failed, and exits with its usual \
      status.
      """
  )

  @Argument(help: "The scenario file.", completion: .file(extensions: ["lua"]))
  var file: String

  @OptionGroup var app: AppOptions
  @OptionGroup var root: RootOption
  @OptionGroup var warnings: WarningOptions

  @Flag(
    help:
      "Print the trace of the run: what UIKit created, sent, posted and logged, and what the scenario did (device home, wait 30 s)."
  )
  var trace = false

  @Flag(
    help:
      "Print the trace with the optional messages UIKit skipped because the app does not implement them (skipped SceneDelegate.scene:openURLContexts: (not implemented))."
  )
  var traceAll = false

  @Option(help: "How --trace and --diagram write selectors: objc, swift or lua.")
  var names = NameSpelling.objc

  @Option(
    help: ArgumentHelp(
      "Draw the run as a sequence diagram: mermaid, plantuml or svg.", valueName: "format"))
  var diagram: DiagramFormat?

  @Option(
    help: ArgumentHelp(
      "Write the --diagram to this file (atomically) instead of standard output.",
      valueName: "file"),
    completion: .file())
  var output: String?

  @Flag(
    help: ArgumentHelp(
      "Record golden traces: expect.golden writes the trace to its .trace file beside the scenario (created, or rewritten when it differs) instead of comparing."
    ))
  var record = false

  @Flag(
    help:
      "Run again whenever the scenario or a file it read (a required module, an Info.plist or storyboard file) changes; Ctrl-C stops."
  )
  var watch = false

  /// Set by `--watch` on the runs it starts: report the files read on descriptor 3.
  @Flag(help: .hidden) var reportReads = false

  @OptionGroup var limits: LimitOptions

  func validate() throws {
    try root.check(containing: [file])
    try OutputFiles.checkNotEmpty(output, option: "--output")
    if output != nil, diagram == nil {
      throw ValidationError(
        "--output names the file for a diagram; add --diagram mermaid, plantuml or svg")
    }
  }

  func run() throws {
    if watch {
      let arguments = Array(Swift.CommandLine.arguments.dropFirst()).filter { $0 != "--watch" }
      Watch.loop(file: file, arguments: arguments)
    }
    if reportReads {
      Watch.startRecordingReads()
      // The scenario's lifescript.lua is watched too, also one that fails.
      if let path = SuiteConfiguration.find(above: FileSystem.folder(of: file)) {
        LuaFileReads.observer?(path)
      }
    }
    guard let (configured, configuration) = Self.configured(for: file) else {
      if reportReads { Watch.reportReads() }
      throw ExitCode(2)
    }
    var settings = configured
    limits.apply(to: &settings)
    app.apply(to: &settings.scenario)
    root.apply(to: &settings.scenario)
    settings.scenario.warnings = warnings.applied(to: settings.scenario.warnings)
    settings.printTrace = traceAll ? .all : trace ? .standard : nil
    settings.names = names
    settings.diagram = diagram
    settings.output = output
    if let output {
      // Refused before the run: the run's only lasting result would have nowhere to go.
      do {
        try FileSystem.checkWritable(output)
      } catch {
        Console.writeError(error.message + "\n")
        throw ExitCode(2)
      }
      if let refusal = OutputFiles.refusal(
        output, named: "--output \(output)", writing: "the diagram",
        inputs: OutputFiles.scenarios([file]) + (configuration?.inputs ?? []), scenarios: [file])
      {
        Console.writeError("lifescript run: \(refusal)\n")
        throw ExitCode(2)
      }
    }
    settings.scenario.recordGolden = record
    let status = Self.execute(file: file, settings: settings)
    if reportReads { Watch.reportReads() }
    if status != 0 { throw ExitCode(status) }
  }

  /// The defaults with the lifescript.lua of the scenario's project root laid over them; nil,
  /// after saying why, when that file cannot be used.
  static func configuredSettings(for file: String) -> RunSettings? {
    configured(for: file)?.settings
  }

  /// The settings, and the lifescript.lua they came from (none: the defaults).
  static func configured(for file: String) -> (
    settings: RunSettings, configuration: SuiteConfiguration?
  )? {
    var settings = RunSettings.defaults
    guard let path = SuiteConfiguration.find(above: FileSystem.folder(of: file)) else {
      return (settings, nil)
    }
    do {
      let configuration = try SuiteConfiguration.load(path)
      configuration.apply(to: &settings)
      return (settings, configuration)
    } catch {
      Console.writeError(error.message + "\n")
      return nil
    }
  }

  /// Runs one scenario and reports a failure; returns the exit status. Both the parsed command and
  /// the short form (`Lifescript.runAndExit`) come here.
  static func execute(file: String, settings: RunSettings) -> Int32 {
    settings.startWatchdog(file: file)
    defer { LuaWatchdog.cancel() }
    var entries = TraceEntries()
    var whole: ScenarioOutcome?
    var tests = TestLines(file: file, settings: settings)
    ScenarioOutcome.runCases(
      file: file, options: settings.scenario,
      // The time limit is per test: each starts the watchdog again, naming it.
      starting: { settings.startWatchdog(file: "\(file) › \($0.name)") },
      finished: { entries = $0.trace.entries },
      each: { outcome in
        guard outcome.test != nil else {
          whole = outcome
          return
        }
        // A test's lines are written as it ends, so a time limit later loses none.
        tests.write(outcome, entries)
      })
    guard let outcome = whole, tests.count == 0 else { return tests.close() }
    for change in outcome.recorded { Console.writeError(change + "\n") }
    if let detail = settings.printTrace {
      let lines = entries.filter { $0.event.detail <= detail }.map {
        $0.event.line(spelling: settings.names.spelling)
      }
      Console.writeOutput(lines.map { $0 + "\n" }.joined())
    }
    if let failure = outcome.failure {
      Console.writeError(Colour.forStandardError.diff(failure) + "\n")
    }
    var status = outcome.exitStatus
    // A failed run draws what happened before it failed; a run that failed before anything
    // happened (a missing file, a syntax error) draws nothing rather than an empty diagram.
    if let format = settings.diagram, status == 0 || !entries.isEmpty {
      let text = format.render(
        SequenceDiagram(entries: Array(entries), spelling: settings.names.spelling))
      if let output = settings.output {
        do {
          try FileSystem.writeAtomically(text, to: output)
        } catch {
          Console.writeError(error.message + "\n")
          if status == 0 { status = 2 }
        }
      } else {
        Console.writeOutput(text)
      }
    }
    return status
  }
}

/// How `lifescript run` reports the named tests of a file, one by one as they end: a status
/// line each on standard output (after its trace with `--trace`), failures on standard error,
/// and a closing count.
struct TestLines {
  let file: String
  let settings: RunSettings
  private var summary = SuiteSummary()
  private(set) var count = 0

  init(file: String, settings: RunSettings) {
    self.file = file
    self.settings = settings
  }

  mutating func write(_ outcome: ScenarioOutcome, _ entries: TraceEntries) {
    count += 1
    for change in outcome.recorded { Console.writeError(change + "\n") }
    let name = outcome.test ?? file
    if let detail = settings.printTrace {
      Console.writeOutput("-- \(name)\n")
      let lines = entries.filter { $0.event.detail <= detail }.map {
        $0.event.line(spelling: settings.names.spelling)
      }
      Console.writeOutput(lines.map { $0 + "\n" }.joined())
    }
    let status = ScenarioReport.Status(rawValue: outcome.status.rawValue)!
    summary.count(ScenarioReport(job: SuiteJob(index: 0, path: file), status: status))
    switch outcome.status {
    case .passed: Console.writeOutput("PASS  \(name)\n")
    case .skipped: Console.writeOutput("SKIP  \(name) (\(outcome.reason ?? ""))\n")
    case .knownIssue:
      Console.writeOutput("KNOWN \(name) (known issue: \(outcome.reason ?? ""))\n")
    case .failed, .error:
      Console.writeOutput((outcome.status == .failed ? "FAIL  " : "ERROR ") + name + "\n")
      if let failure = outcome.failure {
        Console.writeError(Colour.forStandardError.diff(failure) + "\n")
      }
    }
  }

  /// Writes the count; returns the worst exit status.
  func close() -> Int32 {
    Console.writeOutput("\(plural(count, "test")): \(summary.closingLine)\n")
    if settings.diagram != nil {
      Console.writeError(
        "lifescript run: --diagram draws one run, and \(file) defines \(plural(count, "test")) that ran; draw a file without tests\n"
      )
      return 2
    }
    return summary.exitStatus
  }
}

/// `--diagram`: the formats of `SequenceDiagram`.
enum DiagramFormat: String, ExpressibleByArgument, CaseIterable {
  case mermaid, plantuml, svg

  func render(_ diagram: SequenceDiagram) -> String {
    switch self {
    case .mermaid: diagram.mermaid
    case .plantuml: diagram.plantUML
    case .svg: diagram.svg
    }
  }
}

/// What a run is configured with; `defaults` is the one place the defaults are written.
struct RunSettings {
  var scenario = ScenarioOptions()
  var timeout: Int? = 60
  /// What `--trace` (`.standard`) or `--trace-all` (`.all`) prints; nil prints no trace.
  var printTrace: TraceDetail?
  var names = NameSpelling.objc
  var diagram: DiagramFormat?
  var output: String?

  static let defaults = RunSettings()

  /// What a run that overstays `--timeout` says.
  static func timeLimitMessage(file: String, seconds: Int) -> String {
    "\(file): time limit exceeded (\(seconds) s of wall-clock time); raise it with --timeout"
  }

  /// Ends the process with that message and status 2 once `timeout` has passed (cancel with
  /// `LuaWatchdog.cancel()`).
  func startWatchdog(file: String) {
    guard let seconds = timeout else { return }
    LuaWatchdog.start(
      seconds: seconds, message: Self.timeLimitMessage(file: file, seconds: seconds) + "\n",
      status: 2)
  }
}

/// The app's surroundings: the iOS release and the CONFLICTING orderings.
struct AppOptions: ParsableArguments {
  @Option(
    name: .customLong("option"),
    help: ArgumentHelp(
      "Choose an ordering the UIKit reference marks CONFLICTING (Documentation/UIKit/README.md#conflicting-orderings-and-their-options), as NAME=CHOICE: \(LaunchOrderOptions.catalogue.map { "\($0.name) (\($0.choices.joined(separator: ", ")); default \($0.defaultChoice))" }.joined(separator: "; ")). Repeatable.",
      valueName: "name=choice"))
  var orderings: [String] = []

  @Option(
    help: ArgumentHelp(
      "The iOS release the app runs on, from 12 to 30 (like 18.3; default: \(IOSProfile.current)).",
      valueName: "version"))
  var ios: IOSRelease?

  func validate() throws {
    var options = LaunchOrderOptions()
    for ordering in orderings {
      let parts = ordering.split(separator: "=", maxSplits: 1).map(String.init)
      guard parts.count == 2, options.set(parts[0], to: parts[1]) else {
        let known = LaunchOrderOptions.catalogue.map {
          "\($0.name)=\($0.choices.joined(separator: "|"))"
        }
        throw ValidationError(
          "unknown ordering option '\(ordering)'; choose from \(known.joined(separator: ", "))")
      }
    }
  }

  /// Lays the options given over `scenario`.
  func apply(to scenario: inout ScenarioOptions) {
    if let ios { scenario.profile = ios.profile }
    for ordering in orderings {
      let parts = ordering.split(separator: "=", maxSplits: 1).map(String.init)
      _ = scenario.launchOrder.set(parts[0], to: parts[1])
    }
  }

  /// The options given, as arguments for a worker process.
  var arguments: [String] {
    (ios.map { ["--ios", $0.profile.description] } ?? []) + orderings.flatMap { ["--option", $0] }
  }
}

/// Options every command that runs scenarios takes.
struct LimitOptions: ParsableArguments {
  // Numbers are taken as they come, also negative ones, which the parser would otherwise read as
  // options ("Missing value"); a number out of range is said to be.
  @Option(
    parsing: .unconditional,
    help: "Seed for math.random (and for the order of lifescript test --shuffle); any integer.",
    transform: WholeNumber.seed)
  var seed: Int?

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "Memory a scenario may allocate, e.g. 64MiB, 512K, 1G, or 'none' (default: \(ByteCount(bytes: RunSettings.defaults.scenario.limits.memory).defaultValueDescription)).",
      valueName: "size"), transform: { try ByteCount.parse($0) })
  var maxMemory: ByteCount?

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "Lua instructions a scenario may run (stops endless loops), or 'none' (default: \(Budget(count: RunSettings.defaults.scenario.limits.instructions).defaultValueDescription)).",
      valueName: "count"), transform: Budget.instructionCount)
  var maxInstructions: Budget?

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "Wall-clock seconds before a run is stopped; the last guard for what the instruction budget cannot see (default: \(Budget(count: RunSettings.defaults.timeout).defaultValueDescription)).",
      valueName: "seconds"), transform: Budget.timeLimit)
  var timeout: Budget?

  @Flag(help: "Give scripts io, os.execute, os.exit, os.getenv and C modules.")
  var allowIO = RunSettings.defaults.scenario.allowIO

  /// The defaults with the options given on top.
  var settings: RunSettings {
    var settings = RunSettings()
    apply(to: &settings)
    return settings
  }

  /// Lays the options given over `settings` (the defaults, and lifescript.lua's).
  func apply(to settings: inout RunSettings) {
    if let seed { settings.scenario.seed = seed }
    if let maxMemory { settings.scenario.limits.memory = maxMemory.bytes }
    if let maxInstructions { settings.scenario.limits.instructions = maxInstructions.count }
    if let timeout { settings.timeout = timeout.count }
    if allowIO { settings.scenario.allowIO = true }
  }

  /// The options given, as arguments for a worker process (which has no wall-clock guard of
  /// its own: the suite's parent enforces --timeout).
  var arguments: [String] {
    var arguments: [String] = []
    if let seed { arguments += ["--seed", String(seed)] }
    if let maxMemory { arguments += ["--max-memory", maxMemory.bytes.map(String.init) ?? "none"] }
    if let maxInstructions {
      arguments += ["--max-instructions", maxInstructions.count.map(String.init) ?? "none"]
    }
    return arguments + (allowIO ? ["--allow-io"] : [])
  }
}

/// Selector spellings on the command line.
enum NameSpelling: String, ExpressibleByArgument, CaseIterable {
  case objc, swift, lua

  var spelling: SelectorSpelling {
    switch self {
    case .objc: .objectiveC
    case .swift: .swift
    case .lua: .lua
    }
  }
}

/// `--ios 18.3`.
struct IOSRelease: ExpressibleByArgument {
  var profile: IOSProfile

  init(profile: IOSProfile) { self.profile = profile }

  init?(argument: String) {
    guard let profile = IOSProfile(argument) else { return nil }
    self.profile = profile
  }

  var defaultValueDescription: String { profile.description }
}
