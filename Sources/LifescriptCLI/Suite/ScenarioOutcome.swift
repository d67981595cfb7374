import AppLifecycle
import LuaBridge
import Scenarios

/// How one scenario ended, as every command reports it: `run` prints it, a suite's worker sends
/// it to the suite, reporters write it.
struct ScenarioOutcome: Equatable {
  enum Status: String {
    /// Every expectation held.
    case passed
    /// An expectation failed or an exception went unclaimed (exit status 1).
    case failed
    /// A script error, a limit, a bad input file, or a worker that died (exit status 2).
    case error
    /// A named test called `skip(reason)`.
    case skipped
    /// A named test marked `known_issue(reason)` failed as expected.
    case knownIssue = "known_issue"

    /// Whether the suite goes on as if it passed (`--fail-fast` does not stop).
    var passes: Bool { self == .passed || self == .skipped || self == .knownIssue }
  }

  var status: Status
  /// The named test this is the outcome of (`group / name`); nil for a file without tests, or
  /// a file whose top level failed.
  var test: String?
  /// The line of the test's `test(` call.
  var testLine: Int?
  /// Why a test was skipped, or the known issue it failed with.
  var reason: String?
  /// What `lifescript run` prints to standard error: the failure with file:line, the diff or
  /// the Lua traceback. Plain text.
  var failure: String?
  /// Where it failed (`launch.lua:12`, as messages name the file); nil for the scenario as a
  /// whole.
  var location: ScriptLocation?
  /// The trace lines as `lifescript run --trace` prints them (the scenario's actions too),
  /// Objective-C spelling.
  var trace: [String] = []
  /// The golden traces it wrote with --record: `recorded launch.trace (new, 14 lines)`.
  var recorded: [String] = []
  /// The warnings it gave, when they were kept rather than printed (a suite's worker).
  var warnings: [Warning] = []

  var exitStatus: Int32 {
    switch status {
    case .passed, .skipped, .knownIssue: 0
    case .failed: 1
    case .error: 2
    }
  }

  /// Runs the cases of `file` in this process (ScenarioRunner.runCases) and gives each outcome
  /// to `each` as it ends, with the trace when `keepTrace`. Warnings go to standard error as
  /// they are given, or into the outcome when `keepWarnings`. `starting` sees each named test
  /// before its fresh app is made; `finished` sees each case's scenario at its end, passed or
  /// not.
  static func runCases(
    file: String, options: ScenarioOptions, keepTrace: Bool = false, keepWarnings: Bool = false,
    selection: ScenarioRunner.CaseSelection = ScenarioRunner.CaseSelection(),
    starting: (NamedTest) -> Void = { _ in }, finished: (Scenario) -> Void = { _ in },
    each: (ScenarioOutcome) -> Void
  ) {
    let warnings = WarningList()
    let warning: (Warning) -> Void =
      keepWarnings
      ? { warnings.items.append($0) } : { Console.writeError($0.description + "\n") }
    ScenarioRunner.runCases(
      file: file, options: options, warning: warning, selection: selection, starting: starting
    ) { test, scenario, verdict in
      var outcome = ScenarioOutcome(status: .passed)
      if let scenario {
        if keepTrace { outcome.trace = scenario.trace.lines(detail: .standard) }
        outcome.recorded = scenario.goldenChanges.map(describe)
        finished(scenario)
      }
      outcome.test = test?.name
      outcome.testLine = test?.location.line
      switch verdict {
      case .passed: break
      case .failed(let error):
        outcome.status = error.isExpectationFailure ? .failed : .error
        outcome.failure = FailureReport(error).text
        outcome.location = error.location
      case .skipped(let reason):
        outcome.status = .skipped
        outcome.reason = reason
      case .knownIssue(let reason, let error):
        outcome.status = .knownIssue
        outcome.reason = reason
        outcome.failure = FailureReport(error).text
        outcome.location = error.location
      }
      outcome.warnings = warnings.items
      warnings.items = []
      each(outcome)
    }
  }

  /// The warnings a run gives, kept as they come.
  private final class WarningList {
    var items: [Warning] = []
  }

  /// `recorded launch.trace (new, 14 lines)`, `updated launch.trace (+2 −1 lines)`.
  static func describe(_ change: GoldenChange) -> String {
    switch change.kind {
    case .created:
      "recorded \(change.path) (new, \(plural(change.added, "line")))"
    case .updated:
      "updated \(change.path) (+\(change.added) −\(change.removed) lines)"
    }
  }
}

/// A scenario's outcome on the wire between a suite's worker and the suite: `WorkerWire`'s
/// fields, so any bytes (newlines, NULs in a script's text) travel unchanged; each warning is
/// fields of its own inside one.
extension ScenarioOutcome {
  var encoded: [UInt8] {
    var fields = WorkerWire.Fields([("status", status.rawValue)])
    if let test { fields.append("test", test) }
    if let testLine { fields.append("test_line", String(testLine)) }
    if let reason { fields.append("reason", reason) }
    if let failure { fields.append("failure", failure) }
    if let location {
      fields.append("file", location.shortFile)
      fields.append("line", String(location.line))
    }
    fields.append("trace", trace)
    fields.append("recorded", recorded)
    for warning in warnings {
      var parts = WorkerWire.Fields([("name", warning.name.rawValue), ("message", warning.message)])
      if let location = warning.location { parts.append("location", location) }
      fields.append("warning", String(decoding: parts.encoded, as: UTF8.self))
    }
    return fields.encoded
  }

  init?(decoding bytes: ArraySlice<UInt8>) {
    guard let fields = WorkerWire.Fields(decoding: bytes),
      let status = fields["status"].flatMap(Status.init(rawValue:))
    else { return nil }
    self.status = status
    failure = fields["failure"]
    test = fields["test"]
    testLine = fields["test_line"].flatMap { Int($0) }
    reason = fields["reason"]
    if let file = fields["file"], let line = fields["line"].flatMap({ Int($0) }) {
      location = ScriptLocation(file: file, line: line)
    }
    trace = fields.values("trace")
    recorded = fields.values("recorded")
    var warnings: [Warning] = []
    for field in fields.values("warning") {
      guard let parts = WorkerWire.Fields(decoding: ArraySlice(field.utf8)),
        let name = parts["name"].flatMap(Warning.Name.init(rawValue:)),
        let message = parts["message"]
      else { return nil }
      warnings.append(Warning(name, message, location: parts["location"]))
    }
    self.warnings = warnings
  }
}
