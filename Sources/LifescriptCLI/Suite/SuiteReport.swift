import AppLifecycle
import LuaBridge
import Scenarios

/// One scenario's line in a suite's report.
struct ScenarioReport {
  enum Status: String {
    case passed, failed, error, skipped
    case knownIssue = "known_issue"
  }

  var job: SuiteJob
  var status: Status
  /// The named test (`group / name`); nil for a file without tests, or a file as a whole.
  var test: String?
  /// The line of the test's `test(` call.
  var testLine: Int?
  /// Why a test was skipped, or the known issue it failed with.
  var reason: String?
  /// The failure as `lifescript run` prints it; for a skipped scenario, why it was skipped.
  var message: String?
  /// Where it failed, as the scenario recorded it; nil for the scenario as a whole.
  var failedAt: ScriptLocation?
  var trace: [String] = []
  /// The golden traces it wrote with --record.
  var recorded: [String] = []
  var seconds = 0.0
  /// What the scenario printed to standard output and standard error.
  var output = ""
  var errorOutput = ""
  /// The warnings it gave (each once: a run gives a warning once unless `--warnings all`).
  var warnings: [Warning] = []

  /// The first line of the failure as `lifescript run` prints it: what a CI's summary shows.
  var headline: String? {
    guard let message else { return nil }
    let first = message.split(separator: "\n", omittingEmptySubsequences: false).first ?? ""
    return String(first)
  }

  /// `file:line` where it failed, else the test's `file:line`, else the scenario's path.
  var location: String {
    failedAt?.description ?? testLine.map { "\(job.path):\($0)" } ?? job.path
  }

  /// The scenario's path and test, with the round when the suite repeats:
  /// `Scripts/launch.lua › group / name (round 2)`.
  func displayName(repeats: Int) -> String {
    let name = test.map { "\(job.path) › \($0)" } ?? job.path
    return repeats > 1 ? "\(name) (round \(job.round))" : name
  }
}

/// The last `limit` bytes a scenario (or a test) printed on one stream: what the reports written
/// at the end keep, so a suite's memory does not grow with what its scenarios print
/// (Documentation/Reference/commands.md#reports). The terminal still shows all of it as it comes.
struct OutputTail {
  /// 64 KiB per stream, per scenario or test.
  static let limit = 64 << 10

  private var bytes: [UInt8] = []
  /// How many bytes were printed before the ones kept.
  private(set) var dropped = 0

  mutating func append(_ text: String) {
    bytes += text.utf8
    if bytes.count > 2 * Self.limit { trim() }
  }

  /// Keeps the last `limit` bytes, cut at the start of a character.
  private mutating func trim() {
    guard bytes.count > Self.limit else { return }
    var cut = bytes.count - Self.limit
    while cut < bytes.count, bytes[cut] & 0xC0 == 0x80 { cut += 1 }
    dropped += cut
    bytes.removeFirst(cut)
  }

  /// The text kept, after a line that says how much was left out before it.
  var text: String {
    var tail = self
    tail.trim()
    let kept = String(decoding: tail.bytes, as: UTF8.self)
    guard tail.dropped > 0 else { return kept }
    return
      "[lifescript: \(tail.dropped) bytes printed before this are left out; a report keeps the last \(Self.limit >> 10) KiB]\n"
      + kept
  }
}

/// The counts a suite closes with.
struct SuiteSummary {
  var passed = 0
  var failed = 0
  /// Failures that were script errors, limits, bad input or dead workers (counted in `failed`).
  var errors = 0
  var skipped = 0
  /// Tests that failed as their `known_issue` said they would (not failures).
  var knownIssues = 0
  var seconds = 0.0

  /// The runs that ran: all but the skipped.
  var ran: Int { passed + failed + knownIssues }

  /// Failed expectations alone: `failed` without the errors, as JSON and JUnit count them.
  var failures: Int { failed - errors }

  mutating func count(_ report: ScenarioReport) {
    switch report.status {
    case .passed: passed += 1
    case .failed: failed += 1
    case .error:
      failed += 1
      errors += 1
    case .skipped: skipped += 1
    case .knownIssue: knownIssues += 1
    }
  }

  /// `N passed, N failed`, with `, N skipped` and `, N known issues` when there are some.
  var closingLine: String {
    "\(passed) passed, \(failed) failed" + (skipped > 0 ? ", \(skipped) skipped" : "")
      + (knownIssues > 0
        ? ", \(knownIssues) known issue\(knownIssues == 1 ? "" : "s")" : "")
  }

  /// 2 for a script error (or a bad input), else 1 for a failed expectation
  /// (Documentation/Reference/commands.md#lifescript-test-path).
  var exitStatus: Int32 { errors > 0 ? 2 : failed > 0 ? 1 : 0 }
}

/// What a suite run looked like, for the reporters' headers.
struct SuiteHeader {
  var scenarios: Int
  var jobs: Int
  var workers: Int
  var seed: Int?
  var shard: Shard?
  var repeats: Int
  /// How warnings are shown: each once in the suite, or each scenario's own (`all`).
  var warnings = WarningPolicy.Mode.once
  /// The lifescript.lua the suite runs with, as messages name it.
  var configuration: String?
  /// Why the suite runs nothing and still passes (an empty `--shard`).
  var note: String?
}

/// A way of showing a suite's results. Reporters see events as they happen; `finish` returns
/// the whole report for formats written at the end (to standard output or `--output`).
protocol SuiteReporter: AnyObject {
  func begin(_ header: SuiteHeader)
  func output(_ job: SuiteJob, _ stream: SuiteEvent.OutputStream, _ text: String)
  func finished(_ report: ScenarioReport)
  /// Why a shard that had files ran nothing and still passes: none of their named tests
  /// matched the filters (known only once they ran).
  func ranNothing(_ note: String)
  func finish(_ reports: [ScenarioReport], _ summary: SuiteSummary) -> String
}

extension SuiteReporter {
  // Reports written at the end need only the end.
  func output(_ job: SuiteJob, _ stream: SuiteEvent.OutputStream, _ text: String) {}
  func finished(_ report: ScenarioReport) {}
}
