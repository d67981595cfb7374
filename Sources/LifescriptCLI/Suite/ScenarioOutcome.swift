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

/// A scenario's outcome on the wire between a suite's worker and the suite: fields of
/// `name length\nbytes\n`, so any bytes (newlines, NULs in a script's text) travel unchanged.
extension ScenarioOutcome {
  var encoded: [UInt8] {
    var fields: [(String, String)] = [("status", status.rawValue)]
    if let test { fields.append(("test", test)) }
    if let testLine { fields.append(("test_line", String(testLine))) }
    if let reason { fields.append(("reason", reason)) }
    if let failure { fields.append(("failure", failure)) }
    if let location {
      fields += [("file", location.shortFile), ("line", String(location.line))]
    }
    fields += trace.map { ("trace", $0) }
    fields += recorded.map { ("recorded", $0) }
    fields += warnings.map { warning in
      var parts = [("name", warning.name.rawValue), ("message", warning.message)]
      if let location = warning.location { parts.append(("location", location)) }
      return ("warning", String(decoding: WireFields.encode(parts), as: UTF8.self))
    }
    return WireFields.encode(fields)
  }

  init?(decoding bytes: ArraySlice<UInt8>) {
    guard let fields = WireFields.decode(bytes),
      let status = fields.first(where: { $0.0 == "status" }).flatMap({ Status(rawValue: $0.1) })
    else { return nil }
    self.status = status
    failure = fields.first { $0.0 == "failure" }?.1
    test = fields.first { $0.0 == "test" }?.1
    testLine = fields.first(where: { $0.0 == "test_line" }).flatMap { Int($0.1) }
    reason = fields.first { $0.0 == "reason" }?.1
    if let file = fields.first(where: { $0.0 == "file" })?.1,
      let line = fields.first(where: { $0.0 == "line" }).flatMap({ Int($0.1) })
    {
      location = ScriptLocation(file: file, line: line)
    }
    trace = fields.filter { $0.0 == "trace" }.map(\.1)
    recorded = fields.filter { $0.0 == "recorded" }.map(\.1)
    var warnings: [Warning] = []
    for field in fields where field.0 == "warning" {
      guard let parts = WireFields.decode(ArraySlice(field.1.utf8)),
        let name = parts.first(where: { $0.0 == "name" }).flatMap({ Warning.Name(rawValue: $0.1) }),
        let message = parts.first(where: { $0.0 == "message" })?.1
      else { return nil }
      warnings.append(
        Warning(name, message, location: parts.first(where: { $0.0 == "location" })?.1))
    }
    self.warnings = warnings
  }
}

/// Named byte strings, each written `name length\n` then its bytes and a newline.
enum WireFields {
  static func encode(_ fields: [(String, String)]) -> [UInt8] {
    var bytes: [UInt8] = []
    for (name, value) in fields {
      let value = Array(value.utf8)
      bytes += Array("\(name) \(value.count)\n".utf8) + value + [0x0A]
    }
    return bytes
  }

  static func decode(_ bytes: ArraySlice<UInt8>) -> [(String, String)]? {
    var fields: [(String, String)] = []
    var index = bytes.startIndex
    while index < bytes.endIndex {
      guard let newline = bytes[index...].firstIndex(of: 0x0A),
        let header = String(validating: bytes[index..<newline], as: UTF8.self),
        let space = header.lastIndex(of: " "),
        let count = Int(header[header.index(after: space)...]), count >= 0,
        bytes.distance(from: newline, to: bytes.endIndex) > count
      else { return nil }
      let start = newline + 1
      let end = start + count
      guard end < bytes.endIndex, bytes[end] == 0x0A else { return nil }
      fields.append((String(header[..<space]), String(decoding: bytes[start..<end], as: UTF8.self)))
      index = end + 1
    }
    return fields
  }
}
