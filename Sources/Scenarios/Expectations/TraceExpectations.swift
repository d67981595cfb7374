import AppLifecycle

/// Why an expectation failed: a headline and, where it helps, the lines that show it.
public struct ExpectationFailure: Error, Equatable, CustomStringConvertible {
  public var headline: String
  public var details: String?

  public var description: String {
    guard let details else { return headline }
    return headline + "\n" + details
  }
}

/// The expectations of shared/SCENARIO-API.md over one trace, with its checkpoint.
///
/// `events` and `order` check the lines since the checkpoint and move it to the end of the
/// trace; `never`, `log` and `exception` look at the same lines without moving it.
public struct TraceExpectations {
  public let trace: Trace
  /// Index of the first trace entry the next expectation looks at.
  public private(set) var checkpoint = 0
  /// Exception entries an `expect.exception` has claimed.
  public private(set) var claimedExceptions: Set<Int> = []

  public init(trace: Trace) { self.trace = trace }

  private var window: ArraySlice<TraceEntry> { trace.entries[checkpoint...] }

  /// Exactly these lines, in this order: compared with every message line, plus the lines of the
  /// other kinds that the list itself names.
  public mutating func events(_ expected: [String]) throws(ExpectationFailure) {
    let lines = expected.map(ExpectedLine.init)
    let kinds = Set(lines.map(\.kind)).union([.message])
    let actual = window.map(\.event).filter { kinds.contains($0.kind) }
    let equal =
      lines.count == actual.count && zip(lines, actual).allSatisfy { $0.matches($1) }
    guard equal else {
      let diff = LineDiff(
        expected: expected, actual: actual, describe: { $0.line() },
        matches: { ExpectedLine($0).matches($1) })
      throw ExpectationFailure(
        headline: "expect.events: the trace is not what was expected (− expected, + actual)",
        details: diff.text)
    }
    checkpoint = trace.entries.count
  }

  /// These lines in this order, other lines between them allowed.
  public mutating func order(_ expected: [String]) throws(ExpectationFailure) {
    var remaining = expected.map(ExpectedLine.init)[...]
    for entry in window where remaining.first?.matches(entry.event) == true {
      remaining.removeFirst()
    }
    if let missing = remaining.first {
      let found = expected.count - remaining.count
      let after = found > 0 ? " after \(expected[found - 1])" : ""
      throw ExpectationFailure(
        headline: "expect.order: expected \(missing.text)\(after), but it did not come",
        details: "the trace since the last expectation:\n" + linesSinceCheckpoint)
    }
    checkpoint = trace.entries.count
  }

  /// No line since the checkpoint matches.
  public func never(_ text: String) throws(ExpectationFailure) {
    let line = ExpectedLine(text)
    if let entry = window.first(where: { line.matches($0.event) }) {
      throw ExpectationFailure(
        headline: "expect.never: \(text) was not expected, but came at \(entry.time)",
        details: "  " + entry.event.line())
    }
  }

  /// Some console log line since the checkpoint contains `text`.
  public func log(_ text: String) throws(ExpectationFailure) {
    let logs = window.filter { $0.event.kind == .log }
    guard logs.contains(where: { $0.event.line().contains(text) }) else {
      throw ExpectationFailure(
        headline: "expect.log: no console message contains \"\(text)\"",
        details: logs.isEmpty
          ? "(nothing was logged)" : logs.map { "  " + $0.event.line() }.joined(separator: "\n"))
    }
  }

  /// An uncaught exception since the checkpoint whose line contains `text`; it is claimed, so it
  /// no longer fails the scenario.
  public mutating func exception(_ text: String) throws(ExpectationFailure) {
    let start = checkpoint
    let index = trace.entries[start...].indices.first { index in
      let event = trace.entries[index].event
      return event.kind == .exception && event.line().contains(text)
    }
    guard let index else {
      throw ExpectationFailure(
        headline: "expect.exception: no exception contains \"\(text)\"", details: nil)
    }
    claimedExceptions.insert(index)
  }

  /// Exceptions no `exception(_:)` claimed: each fails the scenario.
  public var unclaimedExceptions: [TraceEntry] {
    trace.entries.indices.filter {
      trace.entries[$0].event.kind == .exception && !claimedExceptions.contains($0)
    }.map { trace.entries[$0] }
  }

  private var linesSinceCheckpoint: String {
    window.isEmpty
      ? "  (nothing)" : window.map { "  " + $0.event.line() }.joined(separator: "\n")
  }
}
