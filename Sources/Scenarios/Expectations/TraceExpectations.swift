import AppLifecycle
import LuaBridge

/// The expectations of the scenario language over one trace, with its checkpoint
/// (Documentation/Reference/scenario-language.md#trace-and-expectations).
///
/// `events` and `order` check the lines since the checkpoint and move it to the end of the
/// trace, and `settle` moves it without checking; `never`, `log` and `exception` look at the same
/// lines without moving it.
public struct TraceExpectations {
  public let trace: Trace
  /// Index of the first trace entry the next expectation looks at.
  public private(set) var checkpoint = 0
  /// The expectation that last moved the checkpoint, as hints name it
  /// (`expect.events at launch.lua:9`).
  public private(set) var checkpointSetter: String?
  /// Exception entries an `expect.exception` has claimed.
  public private(set) var claimedExceptions: Set<Int> = []
  /// The Lua names of the methods the app's class of that name defines (with its superclasses
  /// of the app's), for the hint about a misspelled method when UIKit skipped a message.
  public var definedMethods: (String) -> [String] = { _ in [] }

  public init(trace: Trace) { self.trace = trace }

  private var window: Slice<TraceEntries> { trace.entries[checkpoint...] }

  /// Exactly these lines, in this order: compared with every message line, plus the lines of the
  /// other kinds that the list itself names. `location` (`launch.lua:9`) is named by later hints.
  public mutating func events(_ expected: [String], at location: ScriptLocation? = nil)
    throws(ExpectationFailure)
  {
    let lines = expected.map(ExpectedLine.init)
    let kinds = Set(lines.map(\.kind)).union([.message])
    let actual = window.map(\.event).filter { kinds.contains($0.kind) }
    let equal =
      lines.count == actual.count && zip(lines, actual).allSatisfy { $0.matches($1) }
    guard equal else {
      let diff = LineDiff(
        expected: expected, actual: actual, describe: { $0.line() },
        matches: { ExpectedLine($0).matches($1) })
      var failure = Self.failure(
        "expect.events", diff: diff, legend: "(− expected, + actual)")
      let moved = Set(diff.moves.map(\.expected))
      for row in diff.rows where row.change == .missing && !moved.contains(row.text) {
        let line = ExpectedLine(row.text)
        if let hint = earlierHint(for: line) {
          failure.addNote(hint)
        } else if let nearMiss = skipped(line) {
          for note in nearMiss.notes { failure.addNote(note) }
        }
      }
      if diff.missingCount == 0 {
        failure.addNote("hint: to allow other lines between the expected ones, use expect.order")
      }
      throw failure
    }
    moveCheckpoint("expect.events", location)
  }

  /// These lines in this order, other lines between them allowed.
  public mutating func order(_ expected: [String], at location: ScriptLocation? = nil)
    throws(ExpectationFailure)
  {
    let lines = expected.map(ExpectedLine.init)
    var found = 0
    // The window offset of the line each found expected line matched.
    var matched: [Int] = []
    for (offset, entry) in window.enumerated()
    where found < lines.count && lines[found].matches(entry.event) {
      found += 1
      matched.append(offset)
    }
    guard found == lines.count else {
      let entries = Array(window)
      let missing = lines[found]
      let after = matched.last.map { $0 + 1 } ?? 0
      // Where the line nearly came, if anywhere after the lines found: the context centres there.
      let nearMiss = nearMiss(for: missing, in: (checkpoint + after)..<trace.entries.count)
      // Only the first missing line is known to be missing: the lines after it were never
      // looked for.
      let rows = contextRows(
        keeping: nearMiss?.index,
        missing: (expected[found], nearMiss?.index ?? checkpoint + after))
      let previous = matched.last.map { entries[$0].event.line() }
      var failure = ExpectationFailure(
        headline: "expect.order: \(missing.text) did not come"
          + (previous.map { " after \($0)" } ?? "") + " (− expected)",
        details: LineDiff(rows: rows).text())
      if let last = matched.last, let previous,
        entries[..<last].contains(where: { missing.matches($0.event) })
      {
        failure.addNote("hint: \(missing.text) came, but before \(previous), not after it")
      } else if let hint = earlierHint(for: missing) {
        failure.addNote(hint)
      } else if let nearMiss {
        for note in nearMiss.notes { failure.addNote(note) }
      }
      throw failure
    }
    moveCheckpoint("expect.order", location)
  }

  /// Acknowledges every line so far, checking none: the next expectation looks only at what
  /// comes after.
  public mutating func settle(at location: ScriptLocation? = nil) {
    moveCheckpoint("expect.settled", location)
  }

  /// No line since the checkpoint matches.
  public func never(_ text: String) throws(ExpectationFailure) {
    let line = ExpectedLine(text)
    let hits = window.filter { line.matches($0.event) }
    guard let first = hits.first else { return }
    let more =
      hits.count > 1 ? " and \(hits.count - 1) more \(hits.count == 2 ? "time" : "times")" : ""
    let rows = contextRows { line.matches($0) ? .unexpected : .same }
    throw ExpectationFailure(
      headline:
        "expect.never: \(text) was not expected, but came at \(first.time)\(more) (+ actual)",
      details: LineDiff(rows: rows).text())
  }

  /// Lines since the checkpoint match `text` exactly `times` times, or at least once when
  /// `times` is nil.
  public func called(_ text: String, times: Int?) throws(ExpectationFailure) {
    let line = ExpectedLine(text)
    let hits = window.count { line.matches($0.event) }
    if let times { guard hits != times else { return } } else { guard hits == 0 else { return } }
    let nearMiss = hits == 0 ? nearMiss(for: line, in: checkpoint..<trace.entries.count) : nil
    let rows = contextRows(
      keeping: nearMiss?.index, missing: nearMiss.map { (text, $0.index) }
    ) { line.matches($0) ? .unexpected : .same }
    let came = hits == 0 ? "did not come" : "came \(Self.count(hits, "time"))"
    var failure = ExpectationFailure(
      headline: "expect.called: \(text) \(came)\(sinceCheckpoint)"
        + (times.map { ", expected \(Self.count($0, "time"))" } ?? "")
        + (hits == 0 ? (nearMiss == nil ? "" : " (− expected)") : " (+ matching)"),
      details: rows.isEmpty ? "(no line\(sinceCheckpoint))" : LineDiff(rows: rows).text())
    if hits == 0, let hint = earlierHint(for: line) {
      failure.addNote(hint)
    } else if let nearMiss {
      for note in nearMiss.notes { failure.addNote(note) }
    }
    throw failure
  }

  /// Some console log line since the checkpoint contains `text`.
  public func log(_ text: String) throws(ExpectationFailure) {
    let logs = window.filter { $0.event.kind == .log }
    guard logs.contains(where: { $0.event.line().contains(text) }) else {
      var failure = ExpectationFailure(
        headline: "expect.log: no console message contains \"\(text)\"",
        details: logs.isEmpty
          ? "(nothing was logged\(sinceCheckpoint))"
          : logs.map { "  " + $0.event.line() }.joined(separator: "\n"))
      let lowercased = text.lowercased()
      if let near = logs.first(where: { $0.event.line().lowercased().contains(lowercased) }) {
        failure.addNote("hint: \(near.event.line()) contains it in other letter case")
      } else if let setter = checkpointSetter,
        let earlier = trace.entries[..<checkpoint].last(where: {
          $0.event.kind == .log && $0.event.line().contains(text)
        })
      {
        failure.addNote(Self.earlierHint(earlier.event.line(), setter))
      }
      throw failure
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
      let exceptions = window.filter { $0.event.kind == .exception }
      var failure = ExpectationFailure(
        headline: "expect.exception: no exception contains \"\(text)\"",
        details: exceptions.isEmpty
          ? "(no exception was raised\(sinceCheckpoint))"
          : exceptions.map { "  " + $0.event.line() }.joined(separator: "\n"))
      if let setter = checkpointSetter,
        let earlier = trace.entries[..<checkpoint].last(where: {
          $0.event.kind == .exception && $0.event.line().contains(text)
        })
      {
        failure.addNote(Self.earlierHint(earlier.event.line(), setter))
      }
      throw failure
    }
    claimedExceptions.insert(index)
  }

  /// Exceptions no `exception(_:)` claimed: each fails the scenario.
  public var unclaimedExceptions: [TraceEntry] {
    // Read once: the trace's entries are a call away, and a long trace has many.
    let entries = trace.entries
    return entries.indices.filter {
      entries[$0].event.kind == .exception && !claimedExceptions.contains($0)
    }.map { entries[$0] }
  }

  private mutating func moveCheckpoint(_ expectation: String, _ location: ScriptLocation?) {
    checkpoint = trace.entries.count
    checkpointSetter = location.map { "\(expectation) at \($0)" } ?? expectation
  }

  private var sinceCheckpoint: String {
    checkpointSetter.map { " since the \($0)" } ?? ""
  }

  /// The rows of a failure's context: the lines since the checkpoint, but not the messages
  /// UIKit skipped, save the near miss (`keeping`) and lines `change` marks; `missing` is
  /// inserted before the entry at its trace index.
  private func contextRows(
    keeping kept: Int? = nil, missing: (text: String, before: Int)? = nil,
    change: (TraceEvent) -> LineDiff.Change = { _ in .same }
  ) -> [LineDiff.Row] {
    var rows: [LineDiff.Row] = []
    for index in checkpoint..<trace.entries.count {
      if let missing, missing.before == index {
        rows.append(LineDiff.Row(change: .missing, text: missing.text))
      }
      let event = trace.entries[index].event
      let mark = change(event)
      guard event.detail <= .standard || index == kept || mark != .same else { continue }
      rows.append(LineDiff.Row(change: mark, text: event.line()))
    }
    if let missing, missing.before >= trace.entries.count {
      rows.append(LineDiff.Row(change: .missing, text: missing.text))
    }
    return rows
  }

  /// The message UIKit skipped since the checkpoint that `line` would have matched.
  private func skipped(_ line: ExpectedLine) -> NearMiss? {
    guard let nearMiss = nearMiss(for: line, in: checkpoint..<trace.entries.count),
      case .skipped = trace.entries[nearMiss.index].event
    else { return nil }
    return nearMiss
  }

  /// A hint for a line that is missing since the checkpoint but came before it.
  private func earlierHint(for line: ExpectedLine) -> String? {
    guard let setter = checkpointSetter,
      let earlier = trace.entries[..<checkpoint].last(where: { line.matches($0.event) })
    else { return nil }
    return Self.earlierHint(earlier.event.line(), setter)
  }

  private static func earlierHint(_ line: String, _ setter: String) -> String {
    "hint: \(line) came before the \(setter); expectations after it do not see it"
  }

  /// The failure of an expectation that compares whole lists (`expect.events`,
  /// `expect.golden`): a headline saying what differs, the diff, the first difference and where
  /// a missing line came instead. `lineName` names a line by its 1-based number.
  static func failure(
    _ expectation: String, subject: String = "", diff: LineDiff, legend: String,
    lineName: (Int) -> String = { "line \($0)" }
  ) -> ExpectationFailure {
    let missing = diff.missingCount
    let unexpected = diff.unexpectedCount
    var summary: String
    var movesToHint = diff.moves
    if missing == 1, unexpected == 1, let move = diff.moves.first {
      summary = "\(move.actual) came \(describe(move))"
      movesToHint = []
    } else if missing == 1, unexpected == 0 {
      summary = "\(diff.rows.first { $0.change == .missing }!.text) did not come"
    } else if missing == 0, unexpected == 1 {
      summary = "\(diff.rows.first { $0.change == .unexpected }!.text) was not expected"
    } else if missing == 1, unexpected == 1,
      let index = diff.rows.firstIndex(where: { $0.change != .same }),
      index + 1 < diff.rows.count, diff.rows[index + 1].change != .same
    {
      let pair = (diff.rows[index], diff.rows[index + 1])
      let (expected, actual) = pair.0.change == .missing ? pair : (pair.1, pair.0)
      summary = "\(actual.text) came instead of \(expected.text)"
    } else {
      let moved = diff.moves.count
      let parts = [
        (missing - moved, "missing"), (unexpected - moved, "not expected"),
        (moved, "out of place"),
      ].filter { $0.0 > 0 }
      summary = parts.enumerated().map { index, part in
        (index == 0 ? count(part.0, "line") : "\(part.0)") + " " + part.1
      }.joined(separator: ", ")
    }
    var failure = ExpectationFailure(
      headline: "\(expectation): \(subject)\(summary) \(legend)", details: diff.text())
    if let first = diff.firstDifference {
      failure.addNote(
        "first difference at \(lineName(first.line)): expected \(first.expected ?? "nothing more"), "
          + "got \(first.actual ?? "nothing more")")
    }
    for move in movesToHint.prefix(3) {
      failure.addNote("hint: \(move.actual) came, but \(describe(move))")
    }
    return failure
  }

  private static func describe(_ move: LineDiff.Move) -> String {
    move.offset > 0
      ? "\(count(move.offset, "line")) later than expected"
      : "\(count(-move.offset, "line")) earlier than expected"
  }

  static func count(_ number: Int, _ noun: String) -> String {
    number == 1 ? "1 \(noun)" : "\(number) \(noun)s"
  }
}
