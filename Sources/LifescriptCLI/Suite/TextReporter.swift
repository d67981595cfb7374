import Scenarios

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The suite as people read it: a line per scenario as it ends, what scenarios print as they
/// print it (prefixed with the scenario, since workers run side by side), each failure in full,
/// and the closing `N passed, N failed` as the last line. Colour only on a terminal without
/// NO_COLOR.
final class TextReporter: SuiteReporter {
  private let colour: Colour
  private let write: (String) -> Void
  private var repeats = 1
  private var warnings = WarningPolicy.Mode.once
  private var partialLines: [Int: String] = [:]

  init(colour: Colour, write: @escaping (String) -> Void) {
    self.colour = colour
    self.write = write
  }

  func begin(_ header: SuiteHeader) {
    var line = "lifescript test: \(plural(header.scenarios, "scenario"))"
    if let shard = header.shard { line += " (shard \(shard.index)/\(shard.count))" }
    if header.repeats > 1 { line += ", \(header.repeats) rounds" }
    line += " on \(plural(header.workers, "worker"))"
    if let seed = header.seed { line += ", shuffled with --seed \(seed)" }
    if let configuration = header.configuration { line += ", configured by \(configuration)" }
    repeats = header.repeats
    warnings = header.warnings
    write((header.note.map { "lifescript test: \($0)" } ?? line) + "\n")
  }

  func output(_ job: SuiteJob, _ stream: SuiteEvent.OutputStream, _ text: String) {
    var text = (partialLines.removeValue(forKey: job.index) ?? "") + text
    // A line that never ends is shown in pieces rather than held whole.
    if !text.hasSuffix("\n"), text.utf8.count <= OutputTail.limit {
      let cut = text.lastIndex(of: "\n").map { text.index(after: $0) } ?? text.startIndex
      partialLines[job.index] = String(text[cut...])
      text = String(text[..<cut])
    } else if !text.hasSuffix("\n") {
      text += "\n"
    }
    let prefix = colour.dim("\(job.path) | ")
    write(
      text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        .map { prefix + $0 + "\n" }.joined())
  }

  func finished(_ report: ScenarioReport) {
    defer {
      for change in report.recorded { write("    " + change + "\n") }
      // Under `once` the suite's warnings are listed together at the end, each once.
      if warnings == .all {
        for warning in report.warnings { write(indent(colour.yellow(warning.description)) + "\n") }
      }
    }
    if let rest = partialLines.removeValue(forKey: report.job.index) {
      write(colour.dim("\(report.job.path) | ") + rest + "\n")
    }
    let name = report.displayName(repeats: repeats)
    switch report.status {
    case .passed:
      write(colour.green("PASS") + "  \(name) " + colour.dim(milliseconds(report.seconds)) + "\n")
    case .failed, .error:
      let label = report.status == .failed ? "FAIL" : "ERROR"
      write(colour.red(label) + "  \(name) " + colour.dim(milliseconds(report.seconds)) + "\n")
      if let message = report.message { write(indent(colour.diff(message)) + "\n") }
    case .skipped:
      let reason = report.reason ?? report.message
      write(colour.yellow("SKIP") + "  \(name)" + (reason.map { " (\($0))" } ?? "") + "\n")
    case .knownIssue:
      write(
        colour.yellow("KNOWN") + " \(name) (known issue: \(report.reason ?? ""); "
          + (report.headline ?? "failed") + ")\n")
    }
  }

  func ranNothing(_ note: String) { write("lifescript test: \(note)\n") }

  /// `reports` are the failures, warnings and recordings (passing runs need only be counted in
  /// `summary`).
  func finish(_ reports: [ScenarioReport], _ summary: SuiteSummary) -> String {
    let recorded = reports.flatMap(\.recorded)
    let failures = reports.filter { $0.status == .failed || $0.status == .error }
    var text = "\n"
    let given = SuiteWarnings(reports, mode: warnings).distinct
    if warnings != .all, !given.isEmpty {
      text += "Warnings (each once):\n"
      for item in given {
        text += indent(colour.yellow(item.warning.description), by: "  ") + "\n"
        let more = item.paths.count > 3 ? " and \(item.paths.count - 3) more" : ""
        text += "    from " + item.paths.prefix(3).joined(separator: ", ") + more + "\n"
      }
      if !failures.isEmpty { text += "\n" }
    }
    if !failures.isEmpty {
      text += "Failed:\n"
      text += failures.map {
        "  \($0.location)" + ($0.job.round > 1 ? " (round \($0.job.round))" : "") + "\n"
      }.joined()
    }
    text +=
      "\(plural(summary.ran, "scenario")) in \(seconds(summary.seconds))\n"
    if !recorded.isEmpty {
      let created = recorded.filter { $0.hasPrefix("recorded ") }.count
      text += "golden traces: \(created) recorded, \(recorded.count - created) updated\n"
    }
    var closing = summary.closingLine
    if summary.failed > 0 { closing = colour.red(closing) } else { closing = colour.green(closing) }
    return text + closing + "\n"
  }

  private func indent(_ text: String, by margin: String = "    ") -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false).map { margin + $0 }
      .joined(separator: "\n")
  }

  private func milliseconds(_ seconds: Double) -> String {
    "(\(Int((seconds * 1000).rounded())) ms)"
  }

  private func seconds(_ seconds: Double) -> String {
    let hundredths = Int((seconds * 100).rounded())
    let fraction = hundredths % 100
    return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction) s"
  }
}

/// ANSI colour for a terminal, or none.
struct Colour {
  var enabled: Bool

  /// On when standard output is a terminal and NO_COLOR is unset or empty (no-color.org).
  static var forStandardOutput: Colour { forTerminal(1) }

  /// The same for standard error, where `lifescript run` reports a failure.
  static var forStandardError: Colour { forTerminal(2) }

  private static func forTerminal(_ descriptor: Int32) -> Colour {
    let noColour = getenv("NO_COLOR").map { String(cString: $0) } ?? ""
    return Colour(enabled: isatty(descriptor) == 1 && noColour.isEmpty)
  }

  func red(_ text: String) -> String { paint(text, "31") }
  func green(_ text: String) -> String { paint(text, "32") }
  func yellow(_ text: String) -> String { paint(text, "33") }
  func dim(_ text: String) -> String { paint(text, "2") }

  /// Diff lines (`− expected`, `+ actual`) red and green, hints yellow.
  func diff(_ text: String) -> String {
    guard enabled else { return text }
    return text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
      if line.hasPrefix("− ") { return red(String(line)) }
      if line.hasPrefix("+ ") { return green(String(line)) }
      if line.hasPrefix("hint: ") { return yellow(String(line)) }
      return String(line)
    }.joined(separator: "\n")
  }

  private func paint(_ text: String, _ code: String) -> String {
    enabled ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
  }
}

func plural(_ count: Int, _ noun: String) -> String {
  "\(count) \(noun)\(count == 1 ? "" : "s")"
}
