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
      are unavailable unless --allow-io is given. require loads Lua files from the scenario's \
      folder only.
      """
  )

  @Argument(help: "The scenario file.", completion: .file(extensions: ["lua"]))
  var file: String

  @Option(
    name: .customLong("option"),
    help: ArgumentHelp(
      "Choose an ordering the UIKit reference marks CONFLICTING, as NAME=CHOICE: \(LaunchOrderOptions.catalogue.map { "\($0.name) (\($0.choices.joined(separator: ", ")); default \($0.defaultChoice))" }.joined(separator: "; ")). Repeatable.",
      valueName: "name=choice"))
  var orderings: [String] = []

  @Option(
    help: ArgumentHelp(
      "The iOS release the app runs on, from 12 to 30 (like 18.3).", valueName: "version"))
  var ios: IOSRelease = IOSRelease(profile: .current)

  @Flag(help: "Print the trace of the run (what UIKit created, sent, posted and logged).")
  var trace = false

  @Option(help: "How --trace writes selectors: objc, swift or lua.")
  var names = NameSpelling.objc

  @Flag(
    help: ArgumentHelp(
      "Record golden traces: expect.golden writes the trace to its .trace file beside the scenario (created, or rewritten when it differs) instead of comparing."
    ))
  var record = false

  @OptionGroup var limits: LimitOptions

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

  func run() throws {
    var settings = limits.settings
    settings.scenario.profile = ios.profile
    for ordering in orderings {
      let parts = ordering.split(separator: "=", maxSplits: 1).map(String.init)
      _ = settings.scenario.launchOrder.set(parts[0], to: parts[1])
    }
    settings.printTrace = trace
    settings.names = names
    settings.scenario.recordGolden = record
    let status = Self.execute(file: file, settings: settings)
    if status != 0 { throw ExitCode(status) }
  }

  /// Runs one scenario and reports a failure; returns the exit status. Both the parsed command and
  /// the short form (`Lifescript.runAndExit`) come here.
  static func execute(file: String, settings: RunSettings) -> Int32 {
    if let seconds = settings.timeout {
      LuaWatchdog.start(
        seconds: seconds,
        message:
          "\(file): time limit exceeded (\(seconds) s of wall-clock time); raise it with --timeout\n",
        status: 2)
    }
    defer { LuaWatchdog.cancel() }
    do {
      try ScenarioRunner.run(
        file: file, options: settings.scenario,
        finished: { scenario in
          for change in scenario.goldenChanges {
            Console.writeError(Self.describe(change) + "\n")
          }
          guard settings.printTrace else { return }
          let lines = scenario.trace.lines(spelling: settings.names.spelling)
          Console.writeOutput(lines.map { $0 + "\n" }.joined())
        })
      return 0
    } catch {
      Console.writeError(FailureReport(error).text + "\n")
      return error.isExpectationFailure ? 1 : 2
    }
  }
}

extension Run {
  /// `recorded launch.trace (new, 14 lines)`, `updated launch.trace (+2 −1 lines)`.
  static func describe(_ change: GoldenChange) -> String {
    switch change.kind {
    case .created:
      "recorded \(change.path) (new, \(change.added) \(change.added == 1 ? "line" : "lines"))"
    case .updated:
      "updated \(change.path) (+\(change.added) −\(change.removed) lines)"
    }
  }
}

/// What a run is configured with; `defaults` is the one place the defaults are written.
struct RunSettings {
  var scenario = ScenarioOptions()
  var timeout: Int? = 60
  var printTrace = false
  var names = NameSpelling.objc

  static let defaults = RunSettings()
}

/// Options every command that runs scenarios takes.
struct LimitOptions: ParsableArguments {
  @Option(help: "Seed for math.random.")
  var seed: Int = RunSettings.defaults.scenario.seed

  @Option(
    help: ArgumentHelp(
      "Memory a scenario may allocate, e.g. 64MiB, 512K, 1G, or 'none'.", valueName: "size"))
  var maxMemory = ByteCount(bytes: RunSettings.defaults.scenario.limits.memory)

  @Option(
    help: ArgumentHelp(
      "Lua instructions a scenario may run (stops endless loops), or 'none'.", valueName: "count"))
  var maxInstructions = Budget(count: RunSettings.defaults.scenario.limits.instructions)

  @Option(
    help: ArgumentHelp(
      "Wall-clock seconds before a run is stopped; the last guard for what the instruction budget cannot see.",
      valueName: "seconds"))
  var timeout = Budget(count: RunSettings.defaults.timeout)

  @Flag(help: "Give scripts io, os.execute, os.exit, os.getenv and C modules.")
  var allowIO = RunSettings.defaults.scenario.allowIO

  var settings: RunSettings {
    var settings = RunSettings()
    settings.scenario.seed = seed
    settings.scenario.limits = LuaState.Limits(
      memory: maxMemory.bytes, instructions: maxInstructions.count)
    settings.scenario.allowIO = allowIO
    settings.timeout = timeout.count
    return settings
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
