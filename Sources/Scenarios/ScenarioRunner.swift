import AppLifecycle
import LuaBridge

/// How a scenario is run: its limits and the knobs of its deterministic environment.
public struct ScenarioOptions: Sendable {
  public var seed = 0
  public var limits = LuaState.Limits()
  public var allowIO = false
  /// The project root (`--root`): the folder under which scenarios read files. Nil: found
  /// above each scenario (`ProjectRoot`).
  public var root: String?
  /// How `root` was chosen, as a message about a file outside it says (`(root = ".." in
  /// lifescript.lua); …`); nil for `--root`.
  public var rootNote: String?
  /// How problems with `root` name it (`root = ".." in lifescript.lua`); nil: `--root PATH`.
  public var rootSetting: String?
  /// An Info.plist every run starts with, as if the scenario began with `Info "path"`
  /// (`info` in lifescript.lua).
  public var info: InfoFile?
  /// An Xcode project every run starts with, as if the scenario began with `Project(path, …)`
  /// (`project` in lifescript.lua).
  public var project: ProjectFile?
  /// Choices for the orderings the reference marks CONFLICTING.
  public var launchOrder = LaunchOrderOptions()
  /// The iOS release the app runs on.
  public var profile = IOSProfile.current
  /// The life cycle to run the app with (forced for `migrate-check`).
  public var lifecycle = Device.LifecycleChoice.asConfigured
  /// Whether a failed expectation or an unclaimed exception fails the run. `migrate-check` runs
  /// the app the other way too, where the scenario's expectations cannot all hold.
  public var expectationsFail = true
  /// Whether `expect.golden` records the trace in its golden file (created or rewritten when
  /// the trace differs) instead of comparing; see `Scenario.goldenChanges`.
  public var recordGolden = false
  /// Which warnings the scenario gives, and whether they fail it.
  public var warnings = WarningPolicy()
  /// Whether Ctrl-C (`LuaInterrupt`) stops the scenario's Lua code and its run loop, for an
  /// interactive session.
  public var interruptible = false

  public init() {}
}

/// Runs one scenario in a fresh Lua state with lifescript's sandbox.
public enum ScenarioRunner {
  /// A scenario's code: a file, or source text that stands for a file.
  public enum Source: Sendable {
    /// A scenario file; its golden traces are beside it.
    case file(String)
    /// Source text; messages name it `name`, and its golden traces are beside that path.
    case text(String, name: String)

    /// The file, as messages name it.
    public var name: String {
      switch self {
      case .file(let path): path
      case .text(_, let name): name
      }
    }
  }

  /// Loads and runs `path`. Output the script prints goes to `output` as it is printed, and
  /// warnings to `warning` as they are given; `finished` sees the scenario at its end (its
  /// trace, what it recorded), passed or not.
  public static func run(
    file path: String,
    options: ScenarioOptions = ScenarioOptions(),
    output: ((String) -> Void)? = nil,
    warning: @escaping (Warning) -> Void = { Console.writeError($0.description + "\n") },
    finished: (Scenario) -> Void = { _ in }
  ) throws(ScenarioFailure) {
    var scenario: Scenario?
    defer { if let scenario { finished(scenario) } }
    do {
      scenario = try Scenario(
        options: options, folder: FileSystem.folder(of: path), output: output, warning: warning)
    } catch {
      throw failure(error, file: path, options: options)
    }
    try run(.file(path), in: scenario!, options: options)
  }

  /// Runs `source` in `scenario`, made with the same `options`, and judges the run: a failed
  /// expectation (even one the script caught) or an unclaimed exception fails it, and then a
  /// warning when the policy makes warnings errors. A run that fails otherwise gives the
  /// warnings it held as warnings. A file that defines named tests fails at its first
  /// `test(`: one run cannot stand for its tests (`runCases` runs them).
  public static func run(
    _ source: Source, in scenario: Scenario, options: ScenarioOptions
  ) throws(ScenarioFailure) {
    try runTopLevel(source, in: scenario, options: options, closing: true)
    if let first = scenario.tests.tests.first?.test {
      throw scriptFailure(
        "this file defines named tests (test(...)), and this command runs a file as one scenario; run its tests with lifescript run or lifescript test",
        at: first.location, file: source.name, options: options)
    }
  }

  /// `run` without the check for named tests: the top level of a file, judged. With `closing`,
  /// a file that defines no tests is its whole run: its Lua state closes before the judgement
  /// (see `Scenario.finishLua`).
  static func runTopLevel(
    _ source: Source, in scenario: Scenario, options: ScenarioOptions, closing: Bool = false
  ) throws(ScenarioFailure) {
    try judge(source.name, in: scenario, options: options) {
      if let project = options.project { try scenario.load(project) }
      if let info = options.info { try scenario.load(info) }
      do {
        switch source {
        case .file(let path): try scenario.run(file: path)
        case .text(let text, let name): try scenario.run(source: text, name: name)
        }
      } catch let error as LuaError
        where error.kind == .interrupted && scenario.explore.stoppedAtStart
      {
        // `explore.start()` ran the path and stopped the rest of the file.
        return
      }
      // A file without `explore.start()` starts at the end of its top level; one with tests
      // starts in each test, if anywhere.
      if !scenario.explore.started, scenario.tests.tests.isEmpty {
        try scenario.explore.reachStart { try scenario.lua.call($0) }
      }
      if closing, scenario.tests.tests.isEmpty { try scenario.finishLua() }
    }
  }

  /// Runs `body` in `scenario` of the file `path` and judges it as `run` does.
  static func judge(
    _ path: String, in scenario: Scenario, options: ScenarioOptions, _ body: () throws -> Void
  ) throws(ScenarioFailure) {
    do {
      try body()
    } catch {
      scenario.warnings.release()
      throw failure(error, file: path, options: options)
    }
    if options.expectationsFail {
      if let failure = scenario.failedExpectations.first {
        scenario.warnings.release()
        throw ScenarioFailure(expectation: failure, file: path, limits: options.limits)
      }
      if let unclaimed = scenario.unclaimedExceptions.first {
        scenario.warnings.release()
        throw ScenarioFailure(uncaught: unclaimed, file: path, limits: options.limits)
      }
    }
    let held = scenario.warningsHeldAsErrors
    if !held.isEmpty {
      throw ScenarioFailure(
        warnings: held, policy: options.warnings, file: path, limits: options.limits)
    }
  }

  /// How an error out of making or running the scenario of `file` fails it: the Swift error it
  /// stands for when it came back from Lua as itself (a failed expectation or `assert`, a bad
  /// input file),
  /// or else the Lua error. An error ends the run even after failed expectations the script
  /// caught: the worst outcome wins.
  public static func failure(
    _ error: any Error, file: String, options: ScenarioOptions
  ) -> ScenarioFailure {
    if let bad = error as? FileFormatError {
      // A bad file read before the script ran (`info` in lifescript.lua).
      return ScenarioFailure(
        error: LuaError(.file, bad.description), file: file, limits: options.limits,
        location: bad.location, message: bad.message)
    }
    if let expectation = error as? ExpectationFailure {
      // Raised by Swift after the script ended (an invariant at the end of the top level).
      return ScenarioFailure(expectation: expectation, file: file, limits: options.limits)
    }
    guard let error = error as? LuaError else {
      let error = LuaError(.runtime, "\(error)")
      return ScenarioFailure(
        error: error, file: file, limits: options.limits, location: nil, message: error.message)
    }
    var carried = error.swiftError
    var context: String?
    if let method = carried as? ScriptMethodFailure {
      context = method.context
      carried = method.underlying
    }
    switch carried {
    case let expectation as ExpectationFailure:
      return ScenarioFailure(
        expectation: expectation, file: file, limits: options.limits, context: context)
    case let assertion as AssertionFailure:
      return ScenarioFailure(
        expectation: assertion.expectation, file: file, limits: options.limits, context: context)
    case let bad as FileFormatError:
      return ScenarioFailure(
        error: error, file: file, limits: options.limits, location: bad.location,
        message: bad.message, context: context)
    default:
      return ScenarioFailure(
        error: error, file: file, limits: options.limits, location: error.location,
        message: error.messageWithoutPosition, context: context)
    }
  }
}
