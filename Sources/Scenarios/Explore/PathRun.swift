import AppLifecycle
import LuaBridge
import XcodeFiles

/// One explored path run in a fresh scenario: the file's top level up to its start point, then
/// the path's steps, with the contract checked at the start point and after every step
/// (Documentation/Reference/explore.md#how-the-search-runs).
struct PathRun {
  /// The first broken contract: after which step (0: at the start point), and what.
  var violation: (step: Int, ExploreBindings.Violation)?
  /// The scenario failed outside the path's contract: before its start point, or a limit.
  var failure: ScenarioFailure?
  /// The events the life-cycle machine says can happen at the end of the path.
  var next: [ExploreStep] = []
  /// What tells the state at the end apart, as canonical text (ExploreState); nil when the
  /// scenario declares no state key (then no two states are taken for the same).
  var state: String?
  /// A hash of the trace at the start point and after each step, to tell a scenario that is not
  /// deterministic.
  var traceHashes: [UInt64] = []
  /// The trace, when asked for (a counterexample, the determinism check), and how many of its
  /// entries there were at the start point and after each step.
  var entries: [TraceEntry] = []
  var entryCounts: [Int] = []
  /// What the run reached, for the coverage report.
  var coverage = ExploreCoverage()

  /// Runs `path` of `file`. `keepLines` keeps the trace; `coverageFromStart` gathers coverage
  /// from the start of the trace and the script's methods (the first path), else only from the
  /// start point (the launch is the same on every path).
  init(
    file: String, path: [ExploreStep], options: ScenarioOptions, keepLines: Bool = false,
    coverageFromStart: Bool, finished: (Scenario) -> Void = { _ in }
  ) {
    let scenario: Scenario
    do {
      scenario = try Scenario(
        options: options, folder: FileSystem.folder(of: file), output: { _ in },
        warning: { _ in })
    } catch {
      failure = ScenarioRunner.failure(error, file: file, options: options)
      return
    }
    scenario.device.checksContract = true
    var hasher = TraceHasher()
    var startEntry = 0
    var result = self
    scenario.explore.atStart = { call in
      startEntry = scenario.trace.entries.count
      var state = ""
      result.violation = try scenario.explore.walk(
        path.map(\.code), call,
        before: { _ in state = ExploreCoverage.describeState(of: scenario.device) },
        after: { step in
          result.traceHashes.append(hasher.hash(scenario.trace))
          result.entryCounts.append(scenario.trace.entries.count)
          if step == 0 {
            result.coverage.observeState(of: scenario.device)
          } else {
            result.coverage.observeTransition(
              from: state, via: path[step - 1].name, on: scenario.device)
          }
        })
      guard result.violation == nil else { return }
      result.next = ExploreStep.enabled(on: scenario.device)
      if let key = scenario.explore.stateKey {
        let value = try call(key).first ?? .nil
        result.state = ExploreState.text(
          machine: scenario.device.machine, storage: scenario.device.storageContents,
          orientation: scenario.device.deviceOrientation, next: result.next,
          key: try ExploreState.canonical(value, in: scenario.lua))
      }
    }
    do {
      try ScenarioRunner.runTopLevel(.file(file), in: scenario, options: options)
    } catch {
      // A violation stops the path where it was found: the file's judgement of the rest
      // (failed expectations the violation is made of) is not a second finding.
      if result.violation == nil { result.failure = error }
    }
    if result.violation == nil, result.failure == nil, !scenario.explore.started {
      let message =
        "the file defines named tests, and explore searches from one scenario's start point; explore a file without test(...)"
      result.failure = ScenarioFailure(
        error: LuaError(.runtime, message), file: file, limits: options.limits, location: nil,
        message: message)
    }
    result.coverage.observeMessages(
      in: scenario.trace, from: coverageFromStart ? 0 : startEntry)
    if coverageFromStart { result.coverage.observeHandlers(of: scenario) }
    if keepLines { result.entries = Array(scenario.trace.entries) }
    // The path's Lua state closes here, as a run's does before it is judged: a finalizer that
    // a limit stops as it closes fails the path, as `lifescript run` of it would fail.
    if result.violation == nil, result.failure == nil {
      do {
        try scenario.finishLua()
      } catch {
        result.failure = ScenarioRunner.failure(error, file: file, options: options)
      }
    }
    // The start point's closure holds the scenario: it goes with it, or every path would keep
    // its scenario alive (and an explorer's memory would grow by a scenario a path).
    scenario.explore.atStart = nil
    finished(scenario)
    self = result
  }

  /// The kept trace's lines with the actions, up to the end of step `steps` (0: the start
  /// point; nil: all of it).
  func lines(upTo steps: Int?) -> [String] {
    let end =
      steps.map { $0 < entryCounts.count ? entryCounts[$0] : entries.count } ?? entries.count
    return entries.prefix(end).compactMap {
      $0.event.detail <= .standard ? $0.event.line(spelling: .objectiveC) : nil
    }
  }
}

/// What tells two states of an explored app apart: the life-cycle machine (the process, its
/// scenes, what outlives the process), what the device stores for the app (user defaults, files,
/// the keychain), how the device is held (a rotation changes what the next one does), the events
/// that can happen next (a timer of the app's that is due, and when) and what the script's
/// `explore.state` returned, as one text that is equal for equal states in every process
/// (worker processes send it to the search).
enum ExploreState {
  /// The state as text: the machine as Swift writes its value (its fields are structures,
  /// enumerations, numbers, strings and arrays, written in their order; ExploreWireTests checks
  /// that no dictionary or set, whose order differs between processes, is among them), the
  /// orientation, the next events' statements, the stored data entry by entry with property
  /// lists' keys sorted, and the key.
  static func text(
    machine: LifecycleMachine, storage: StorageContents, orientation: DeviceOrientation,
    next: [ExploreStep], key: String
  ) -> String {
    var text = String(reflecting: machine)
    text += "\norientation \(orientation)\n"
    for step in next { text += "next \(LuaSource.quoted(step.code))\n" }
    for entry in storage.defaults {
      text += "default \(LuaSource.quoted(entry.key)) \(canonical(entry.value))\n"
    }
    for entry in storage.files {
      text += "file \(LuaSource.quoted(entry.key)) \(LuaSource.quoted(entry.value))\n"
    }
    for entry in storage.keychain {
      text += "keychain \(LuaSource.quoted(entry.key)) \(LuaSource.quoted(entry.value))\n"
    }
    return text + "key " + key
  }

  /// A property list as text: the same for equal values (dictionaries' keys sorted, reals by
  /// their bits).
  static func canonical(_ value: PlistValue) -> String {
    switch value {
    case .string(let text): return LuaSource.quoted(text)
    case .bool(let flag): return flag ? "true" : "false"
    case .integer(let number): return String(number)
    case .real(let number): return "real:" + String(number.bitPattern, radix: 16)
    case .array(let items): return "[" + items.map(canonical).joined(separator: ",") + "]"
    case .dictionary(let fields):
      return "{"
        + fields.sorted { $0.key < $1.key }.map {
          LuaSource.quoted($0.key) + "=" + canonical($0.value)
        }
        .joined(separator: ",") + "}"
    }
  }

  /// A Lua value as text that is the same for equal values: tables with their keys sorted,
  /// nested tables at most 32 deep and 100,000 entries in all; functions and other values
  /// that cannot be compared are an error.
  static func canonical(_ value: LuaValue, in lua: LuaState) throws -> String {
    var budget = 100_000
    var open: [UnsafeRawPointer] = []
    func write(_ value: LuaValue, depth: Int) throws -> String {
      budget -= 1
      guard budget >= 0 else {
        throw LuaScriptError("explore.state: the state key has more than 100,000 values")
      }
      switch value {
      case .nil: return "nil"
      case .boolean(let flag): return flag ? "true" : "false"
      case .integer(let number): return String(number)
      case .number(let number): return ExploreStep.seconds(number)
      case .string(let text): return LuaSource.quoted(text)
      case .table(let table):
        guard depth < 32 else {
          throw LuaScriptError("explore.state: the state key is nested deeper than 32 tables")
        }
        let address = try lua.address(of: table)
        guard let address, !open.contains(address) else {
          throw LuaScriptError("explore.state: the state key contains itself")
        }
        open.append(address)
        defer { open.removeLast() }
        var fields: [(String, String)] = []
        for (key, field) in try lua.entries(of: table) {
          fields.append((try write(key, depth: depth + 1), try write(field, depth: depth + 1)))
        }
        fields.sort { $0.0 < $1.0 }
        return "{" + fields.map { "[\($0.0)]=\($0.1)" }.joined(separator: ",") + "}"
      default:
        throw LuaScriptError(
          "explore.state: the state key must be made of nil, booleans, numbers, strings and tables, and has a \(value.typeName)"
        )
      }
    }
    return try write(value, depth: 0)
  }
}

/// FNV-1a over trace lines: the same in every process (Swift's `Hasher` is seeded per process).
struct TraceHasher {
  private var hash: UInt64 = 0xcbf2_9ce4_8422_2325
  private var hashed = 0

  /// The hash of the whole trace so far (entries already hashed are not read again).
  mutating func hash(_ trace: Trace) -> UInt64 {
    let entries = trace.entries
    while hashed < entries.count {
      for byte in entries[hashed].event.line(spelling: .objectiveC).utf8 {
        hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
      }
      hash = (hash ^ 0x0A) &* 0x100_0000_01b3
      hashed += 1
    }
    return hash
  }
}
