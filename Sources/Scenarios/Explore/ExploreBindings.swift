import AppLifecycle
import LuaBridge

/// `invariant`, `explore.start`, `explore.state`, `explore.path` and `explore.scene`: what a
/// scenario tells `lifescript explore`, and how a counterexample replays under `lifescript run`
/// (Documentation/Reference/explore.md).
///
/// The start point is `explore.start()` where the script calls it, else the end of the file's
/// top level. There the scenario's path runs: the explorer's, or the one `explore.path`
/// gave, with the invariants checked before the first step and after each. Under `lifescript
/// run` a file without a path checks its invariants once, at the start point.
final class ExploreBindings {
  unowned let lua: LuaState
  let device: Device
  unowned let runtime: RuntimeBindings

  /// An `invariant(name, check)`.
  struct Invariant {
    var name: String
    var check: LuaReference
    var location: ScriptLocation?
  }

  private(set) var invariants: [Invariant] = []
  /// `explore.state(key)`: what the script says tells its states apart, with the machine and
  /// the stored data.
  private(set) var stateKey: LuaReference?
  /// `explore.path { … }`: the steps a counterexample replays.
  private(set) var path: [String]?
  /// Whether the start point was reached; the path ran there.
  private(set) var started = false
  /// Whether the scripts were stopped after the path ran at `explore.start()`: the rest of the
  /// file is not part of the scenario the path explores.
  private(set) var stoppedAtStart = false
  /// What runs at the start point instead of `path` (the explorer's own path); gets a way to
  /// call Lua on the thread that reached the start point.
  var atStart: ((_ call: (LuaReference) throws -> [LuaValue]) throws -> Void)?
  /// How many expectations have failed so far (some caught by the app's own `pcall`).
  var failedExpectations: () -> [ExpectationFailure] = { [] }

  /// How many invariants a file may declare, and how long a replayed path may be.
  static let invariantLimit = 1_000
  static let pathLimit = 1_000

  init(lua: LuaState, device: Device, runtime: RuntimeBindings, interface: ScriptInterface)
    throws
  {
    self.lua = lua
    self.device = device
    self.runtime = runtime
    interface.register(
      .function(
        "invariant", ["name: string", "check: fun(): boolean"],
        "Declares something that must hold whatever the user and the system do: `lifescript explore` calls `check` at the start point and after every event, and a false result or an error is a violation (see Documentation/Reference/explore.md)."
      )
    ) { [unowned self] call in try declareInvariant(call) }
    var table = LuaFields()
    interface.function(
      .function(
        "start", in: "explore", [],
        "Marks where `lifescript explore` starts trying events (by default, the end of the file's top level); the rest of the file does not run then."
      ), into: &table
    ) { [unowned self] call in try start(call) }
    interface.function(
      .function(
        "state", in: "explore", ["key: fun(): any"],
        "Tells the explorer what, besides the life cycle and the stored data, makes two states of the app differ: paths that reach the same state are explored once."
      ), into: &table
    ) { [unowned self] call in
      guard stateKey == nil else {
        throw LuaScriptError("explore.state: the state key is already set; call it once")
      }
      guard case .function = try call.value(1) else {
        throw LuaArgumentError(index: 1, "function expected, got \(call.typeName(at: 1))")
      }
      stateKey = try call.function(1)
    }
    interface.function(
      .function(
        "path", in: "explore", ["steps: string[]"],
        "The events a counterexample replays at the start point, one Lua statement each (`\"device.home()\"`), with the invariants checked after each; `lifescript explore --output` writes it."
      ), into: &table
    ) { [unowned self] call in try setPath(call) }
    interface.function(
      .function(
        "scene", in: "explore", ["number: integer"], returns: "UIWindowScene?",
        "The connected scene with this number (scenes are numbered from 1 in the order they connect, as explored paths name them: `close_scene 2`); nil when none is connected with it."
      ), into: &table
    ) { [unowned self] call in
      let scene = self.device.scenes[try call.integer(1)]
      try call.push(try self.runtime.luaValue(scene.map { .object($0) } ?? .nil))
    }
    interface.setLibrary(
      "explore", fields: table,
      "What `lifescript explore` searches from, and how a counterexample it found replays.")
  }

  private func declareInvariant(_ call: LuaCall) throws {
    guard !started else {
      throw LuaScriptError(
        "invariant() after the start point: declare invariants before explore.start() and at the file's top level"
      )
    }
    guard case .string(let name) = try call.value(1) else {
      throw LuaArgumentError(index: 1, "string expected, got \(call.typeName(at: 1))")
    }
    guard !name.isEmpty, name.utf8.count <= 200,
      name.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7F })
    else {
      throw LuaArgumentError(
        index: 1, "an invariant's name is one line of 1 to 200 bytes without control characters")
    }
    guard case .function = try call.value(2) else {
      throw LuaArgumentError(index: 2, "function expected, got \(call.typeName(at: 2))")
    }
    if let earlier = invariants.first(where: { $0.name == name }) {
      throw LuaScriptError(
        "an invariant named \"\(name)\" is already declared"
          + (earlier.location.map { " at line \($0.line)" } ?? "") + "; names must differ")
    }
    guard invariants.count < Self.invariantLimit else {
      throw LuaScriptError("a scenario declares at most \(Self.invariantLimit) invariants")
    }
    invariants.append(Invariant(name: name, check: try call.function(2), location: call.location()))
  }

  private func setPath(_ call: LuaCall) throws {
    guard path == nil else {
      throw LuaScriptError("explore.path: the path is already set; call it once")
    }
    guard !started else {
      throw LuaScriptError(
        "explore.path after the start point: give the path before explore.start(), at the top of the file"
      )
    }
    let table = try call.table(1)
    let entries = try lua.entries(of: table)
    guard entries.count <= Self.pathLimit else {
      throw LuaArgumentError(
        index: 1, "a path has at most \(Self.pathLimit) steps, got \(entries.count)")
    }
    var steps = [String?](repeating: nil, count: entries.count)
    for (key, value) in entries {
      guard case .integer(let index) = key, index >= 1, index <= entries.count else {
        throw LuaArgumentError(index: 1, "a list of Lua statements expected (keys 1 to n)")
      }
      guard case .string(let step) = value else {
        throw LuaArgumentError(
          index: 1, "step \(index) must be a Lua statement as a string, got \(value.typeName)")
      }
      steps[index - 1] = step
    }
    path = steps.map { $0! }
    // The replay checks what the explorer checked, UIKit's contract included.
    device.checksContract = true
  }

  /// `explore.start()`: the start point. The path runs here, then every later Lua instruction
  /// stops the scripts, so `pcall` cannot carry the file on past it.
  private func start(_ call: LuaCall) throws {
    guard !started else {
      throw LuaScriptError("explore.start: the start point is already marked; call it once")
    }
    guard call.isOnMainThread else {
      throw LuaScriptError(
        "explore.start() inside a coroutine: mark the start point in the file's own code, where the scenario's user and system act"
      )
    }
    try reachStart { try call.call($0) }
    stoppedAtStart = true
    throw lua.stopScripts(call)
  }

  /// The start point, reached at `explore.start()` or at the end of the top level: the
  /// explorer's path, or the replayed one, or the invariants once.
  func reachStart(_ call: (LuaReference) throws -> [LuaValue]) throws {
    started = true
    if let atStart {
      try atStart(call)
      return
    }
    guard let path else {
      if let violation = try invariantViolation(call) { throw violation.failure(after: nil) }
      return
    }
    if let (step, violation) = try walk(path, call) {
      throw violation.failure(after: step == 0 ? nil : (step, path[step - 1]))
    }
  }

  /// Runs `steps` at the start point with the contract checked there and after each step;
  /// `before(n)` sees the scenario before step n runs, `after(n)` after it (0: the start
  /// point). Returns the first violation and the step it came after.
  func walk(
    _ steps: [String], _ call: (LuaReference) throws -> [LuaValue],
    before: (Int) -> Void = { _ in }, after: (Int) -> Void = { _ in }
  ) throws -> (step: Int, Violation)? {
    after(0)
    if let broken = try violation(call) { return (0, broken) }
    for (index, code) in steps.enumerated() {
      before(index + 1)
      let broken = try run(code, number: index + 1, call)
      after(index + 1)
      if let broken = try broken ?? violation(call) { return (index + 1, broken) }
    }
    return nil
  }

  /// Runs one step of a path; an error the app's code raised in it is a violation (a limit is
  /// not: it ends the run as itself).
  private func run(_ code: String, number: Int, _ call: (LuaReference) throws -> [LuaValue]) throws
    -> Violation?
  {
    let chunk = try lua.load(code, chunkName: "=explore step \(number)")
    let failuresBefore = failedExpectations().count
    do {
      _ = try call(chunk)
    } catch let error as LuaError where error.kind == .runtime || error.kind == .errorHandling {
      if let failure = error.swiftError as? ExpectationFailure {
        return Violation(
          headline: "an expectation failed", detail: failure.description, location: nil)
      }
      return Violation(headline: "the app raised an error", detail: error.message, location: nil)
    }
    let failures = failedExpectations()
    if failures.count > failuresBefore {
      return Violation(
        headline: "an expectation failed", detail: failures[failuresBefore].description,
        location: nil)
    }
    return nil
  }

  /// A broken contract: which, where it was declared (an invariant's line), and why.
  struct Violation: Equatable, Sendable {
    var headline: String
    var detail: String?
    var location: ScriptLocation?

    /// As a failed expectation: `invariant "draft survives" does not hold after step 3
    /// (device.activate())`.
    func failure(after step: (number: Int, code: String)?) -> ExpectationFailure {
      let when = step.map { "after step \($0.number) (\($0.code))" } ?? "at the start point"
      var failure = ExpectationFailure(headline: "\(headline) \(when)")
      failure.details = detail
      failure.location = location
      return failure
    }
  }

  /// How many of the device's abnormal endings and contract breaches have been reported.
  private var endingsReported = 0
  private var breachesReported = 0

  /// What is broken now, on a path: a process that ended abnormally since the last check (an
  /// uncaught exception, a watchdog kill, a background task left running), then a breach of
  /// UIKit's contract (UI work in the background, unbalanced callbacks), then the first
  /// invariant that does not hold.
  func violation(_ call: (LuaReference) throws -> [LuaValue]) throws -> Violation? {
    if device.abnormalEndings.count > endingsReported {
      let reason = device.abnormalEndings[endingsReported]
      endingsReported = device.abnormalEndings.count
      return Violation(headline: "the app ended abnormally", detail: reason, location: nil)
    }
    if device.contractBreaches.count > breachesReported {
      let breach = device.contractBreaches[breachesReported]
      breachesReported = device.contractBreaches.count
      return Violation(headline: "the app broke UIKit's contract", detail: breach, location: nil)
    }
    return try invariantViolation(call)
  }

  /// The first invariant that does not hold now, in the order they were declared.
  func invariantViolation(_ call: (LuaReference) throws -> [LuaValue]) throws -> Violation? {
    for invariant in invariants {
      let result: [LuaValue]
      do {
        result = try call(invariant.check)
      } catch let error as LuaError where error.kind == .runtime || error.kind == .errorHandling {
        return Violation(
          headline: "invariant \"\(invariant.name)\" raised an error",
          detail: error.message, location: invariant.location)
      }
      switch result.first ?? .nil {
      case .nil, .boolean(false):
        return Violation(
          headline: "invariant \"\(invariant.name)\" does not hold", location: invariant.location)
      default: continue
      }
    }
    return nil
  }
}
