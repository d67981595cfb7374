import AppLifecycle
import Scenarios

/// JSON lines for tools: a `suite` record, one `scenario` record per run (in suite order, with
/// the full trace and what it printed), and a closing `summary` record whose counts match the
/// records' statuses: `failed` counts failed expectations, `errors` the rest.
final class JSONReporter: SuiteReporter {
  private var header: SuiteHeader?

  func begin(_ header: SuiteHeader) { self.header = header }

  func ranNothing(_ note: String) { header?.note = note }

  func finish(_ reports: [ScenarioReport], _ summary: SuiteSummary) -> String {
    var lines: [String] = []
    if let header {
      var fields: [(String, String)] = [
        ("type", JSON.string("suite")), ("scenarios", String(header.scenarios)),
        ("jobs", String(header.jobs)), ("workers", String(header.workers)),
        ("seed", header.seed.map(String.init) ?? "null"),
        ("shard", header.shard.map { JSON.string("\($0.index)/\($0.count)") } ?? "null"),
        ("repeat", String(header.repeats)),
        ("configuration", header.configuration.map(JSON.string) ?? "null"),
      ]
      // Only an empty shard has a note: other suites' records stay as they were.
      if let note = header.note { fields.append(("note", JSON.string(note))) }
      lines.append(JSON.object(fields))
    }
    let shown = SuiteWarnings(reports, mode: header?.warnings ?? .once).shown
    for (report, warnings) in zip(reports, shown) {
      lines.append(
        JSON.object([
          ("type", JSON.string("scenario")), ("path", JSON.string(report.job.path)),
          ("name", JSON.string(report.job.name)), ("folder", JSON.string(report.job.folder)),
          ("test", report.test.map(JSON.string) ?? "null"),
          ("line", report.testLine.map(String.init) ?? "null"),
          ("reason", report.reason.map(JSON.string) ?? "null"),
          ("round", String(report.job.round)), ("status", JSON.string(report.status.rawValue)),
          ("seconds", JSON.number(report.seconds)),
          ("location", JSON.string(report.location)),
          ("message", report.message.map(JSON.string) ?? "null"),
          ("trace", JSON.array(report.trace.map(JSON.string))),
          ("recorded", JSON.array(report.recorded.map(JSON.string))),
          ("stdout", JSON.string(report.output)), ("stderr", JSON.string(report.errorOutput)),
          ("warnings", JSON.array(warnings.map(JSON.warning))),
        ]))
    }
    lines.append(
      JSON.object([
        ("type", JSON.string("summary")), ("passed", String(summary.passed)),
        ("failed", String(summary.failures)), ("errors", String(summary.errors)),
        ("skipped", String(summary.skipped)), ("known_issues", String(summary.knownIssues)),
        ("seconds", JSON.number(summary.seconds)),
        ("exit_status", String(summary.exitStatus)),
      ]))
    return lines.joined(separator: "\n") + "\n"
  }
}

/// TAP version 13: a plan, `ok`/`not ok` per scenario in suite order with a YAML block for
/// failures (message, file:line, the whole failure text), SKIP directives, and the closing line
/// as the last comment.
final class TAPReporter: SuiteReporter {
  private var repeats = 1
  private var warnings = WarningPolicy.Mode.once
  private var note: String?

  func begin(_ header: SuiteHeader) {
    repeats = header.repeats
    warnings = header.warnings
    note = header.note
  }

  func ranNothing(_ note: String) { self.note = note }

  func finish(_ reports: [ScenarioReport], _ summary: SuiteSummary) -> String {
    // An empty shard is a skipped test file (`1..0 # SKIP why`), which harnesses pass.
    let skipAll = reports.isEmpty ? note.map { " # SKIP \(Self.escape($0))" } ?? "" : ""
    var text = "TAP version 13\n1..\(reports.count)\(skipAll)\n"
    let shown = SuiteWarnings(reports, mode: warnings).shown
    for (number, report) in reports.enumerated() {
      // Warnings are comments after the test line and its YAML block, which must follow the
      // line directly.
      defer { text += shown[number].map { Self.comment($0.description) }.joined() }
      let description = Self.escape(report.displayName(repeats: repeats))
      switch report.status {
      case .passed:
        text += "ok \(number + 1) - \(description)\n"
      case .skipped:
        let reason = Self.escape(report.reason ?? report.message ?? "")
        text += "ok \(number + 1) - \(description) # SKIP \(reason)\n"
      case .knownIssue:
        // TAP's TODO: a failure that is expected, which harnesses do not count as one.
        text += "not ok \(number + 1) - \(description) # TODO \(Self.escape(report.reason ?? ""))\n"
      case .failed, .error:
        text += "not ok \(number + 1) - \(description)\n"
        text += "  ---\n"
        text += "  status: \(report.status.rawValue)\n"
        text += "  message: \(YAML.quoted(report.headline ?? ""))\n"
        text += "  at: \(YAML.quoted(report.location))\n"
        text += "  duration_ms: \(Int((report.seconds * 1000).rounded()))\n"
        text += "  details: \(YAML.block(report.message ?? "", indent: "    "))"
        if !report.errorOutput.isEmpty {
          text += "  stderr: \(YAML.block(report.errorOutput, indent: "    "))"
        }
        text += "  ...\n"
      }
    }
    return text + "# \(summary.closingLine)\n"
  }

  /// `# text`, each line of `text` a comment line of its own.
  static func comment(_ text: String) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false).map { "# \($0)\n" }.joined()
  }

  /// A description may not contain `#` unescaped (it would start a directive), a newline, or
  /// other characters a TAP reader may take as a line's end (shown as U+FFFD).
  private static func escape(_ text: String) -> String {
    let clean = String(
      String.UnicodeScalarView(
        text.unicodeScalars.map { scalar in
          scalar == "\n" ? " " : scalar == "\t" || YAML.printable(scalar) ? scalar : "\u{FFFD}"
        }))
    return clean.replacing("\\", with: "\\\\").replacing("#", with: "\\#")
  }
}

/// JUnit XML as Jenkins, GitLab and GitHub's test reporters read it: one `testsuite` per
/// folder, one `testcase` per scenario run with its time, `failure` (an expectation) or `error`
/// (a script error, a limit, a dead worker) with the headline as message and the whole failure
/// text as body, and what the scenario printed.
final class JUnitReporter: SuiteReporter {
  private var header: SuiteHeader?

  func begin(_ header: SuiteHeader) { self.header = header }

  func ranNothing(_ note: String) {}

  func finish(_ reports: [ScenarioReport], _ summary: SuiteSummary) -> String {
    var folders: [String] = []
    var byFolder: [String: [ScenarioReport]] = [:]
    for report in reports {
      if byFolder[report.job.folder] == nil { folders.append(report.job.folder) }
      byFolder[report.job.folder, default: []].append(report)
    }
    let repeats = header?.repeats ?? 1
    let shown = SuiteWarnings(reports, mode: header?.warnings ?? .once).shown
    var warningsByJob: [Int: [Warning]] = [:]
    for (report, warnings) in zip(reports, shown) { warningsByJob[report.job.index] = warnings }
    var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    xml +=
      "<testsuites name=\"lifescript\" tests=\"\(reports.count)\" failures=\"\(summary.failures)\" errors=\"\(summary.errors)\" skipped=\"\(summary.skipped + summary.knownIssues)\" time=\"\(Self.time(summary.seconds))\">\n"
    for folder in folders {
      let group = byFolder[folder]!
      var counts = SuiteSummary()
      for report in group { counts.count(report) }
      let time = group.reduce(0) { $0 + $1.seconds }
      xml +=
        "  <testsuite name=\(XML.attribute(folder)) tests=\"\(group.count)\" failures=\"\(counts.failures)\" errors=\"\(counts.errors)\" skipped=\"\(counts.skipped + counts.knownIssues)\" time=\"\(Self.time(time))\">\n"
      if let header, header.seed != nil || header.shard != nil {
        xml += "    <properties>\n"
        if let seed = header.seed {
          xml += "      <property name=\"seed\" value=\"\(seed)\"/>\n"
        }
        if let shard = header.shard {
          xml += "      <property name=\"shard\" value=\"\(shard.index)/\(shard.count)\"/>\n"
        }
        xml += "    </properties>\n"
      }
      for report in group {
        let base = report.test ?? report.job.name
        let name = repeats > 1 ? "\(base) (round \(report.job.round))" : base
        var classname = folder.split(separator: "/").filter { $0 != "." }.joined(separator: ".")
        // A file's named tests are the cases of a class named after the file.
        if report.test != nil { classname += (classname.isEmpty ? "" : ".") + report.job.name }
        xml +=
          "    <testcase name=\(XML.attribute(name)) classname=\(XML.attribute(classname.isEmpty ? "." : classname)) file=\(XML.attribute(report.job.path))"
          + (report.testLine.map { " line=\"\($0)\"" } ?? "")
          + " time=\"\(Self.time(report.seconds))\""
        var body = ""
        switch report.status {
        case .passed: break
        case .skipped:
          body +=
            "      <skipped message=\(XML.attribute(report.reason ?? report.message ?? ""))/>\n"
        case .knownIssue:
          // JUnit has no expected failure: a skipped case that says what failed.
          body +=
            "      <skipped message=\(XML.attribute("known issue: " + (report.reason ?? "")))>\(XML.text(report.message ?? ""))</skipped>\n"
        case .failed, .error:
          let element = report.status == .failed ? "failure" : "error"
          let type = report.status == .failed ? "expectation" : "script error"
          body +=
            "      <\(element) message=\(XML.attribute(report.headline ?? "")) type=\"\(type)\">\(XML.text(report.message ?? ""))</\(element)>\n"
        }
        if !report.output.isEmpty {
          body += "      <system-out>\(XML.text(report.output))</system-out>\n"
        }
        let errorOutput =
          report.errorOutput
          + (warningsByJob[report.job.index] ?? []).map { $0.description + "\n" }.joined()
        if !errorOutput.isEmpty {
          body += "      <system-err>\(XML.text(errorOutput))</system-err>\n"
        }
        xml += body.isEmpty ? "/>\n" : ">\n" + body + "    </testcase>\n"
      }
      xml += "  </testsuite>\n"
    }
    return xml + "</testsuites>\n"
  }

  /// Seconds with three decimals, as JUnit readers expect.
  private static func time(_ seconds: Double) -> String { JSON.number(seconds) }

}

enum JSON {
  static func string(_ text: String) -> String {
    doubleQuoted(text) { scalar in
      let value = scalar.value
      return value < 0x20 || value == 0x7F || value == 0x2028 || value == 0x2029
        ? "\\u" + hex4(value) : nil
    }
  }

  static func number(_ value: Double) -> String {
    let thousandths = Int((value * 1000).rounded())
    let fraction = String(thousandths % 1000)
    return "\(thousandths / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
  }

  /// `{"name":…,"location":…,"message":…}`.
  static func warning(_ warning: Warning) -> String {
    object([
      ("name", string(warning.name.rawValue)),
      ("location", warning.location.map(string) ?? "null"), ("message", string(warning.message)),
    ])
  }

  static func array(_ items: [String]) -> String { "[" + items.joined(separator: ",") + "]" }

  static func object(_ fields: [(String, String)]) -> String {
    "{" + fields.map { string($0.0) + ":" + $0.1 }.joined(separator: ",") + "}"
  }
}

enum XML {
  static func text(_ text: String) -> String { XMLEscaping.text(text) }

  /// A double-quoted attribute value.
  static func attribute(_ text: String) -> String {
    "\"" + XMLEscaping.attributeValue(text) + "\""
  }
}

/// YAML for TAP's diagnostic blocks, valid whatever a scenario printed: for YAML 1.2 and 1.1
/// readers and for TAP::Parser's YAMLish, which reads a block line by line and stops at the
/// first line without the block's indentation.
enum YAML {
  /// A double-quoted scalar on one line: escapes for what YAML may not hold raw (controls, C1
  /// controls, line and paragraph separators, noncharacters, the byte-order mark), as `\xHH`
  /// where YAMLish reads them too.
  static func quoted(_ text: String) -> String {
    doubleQuoted(text) { scalar in
      if printable(scalar) { return nil }
      let digits = String(scalar.value, radix: 16)
      return scalar.value > 0xFF
        ? "\\u" + hex4(scalar.value) : "\\x" + (digits.count < 2 ? "0" : "") + digits
    }
  }

  /// A literal block scalar (`|`: YAMLish reads no `|-`) whose lines, blank ones too, are
  /// indented by `indent`, so no line of the text can end the block or the TAP stream (a `...`
  /// or `---` line, a blank line, a `not ok` line stays inside it); what YAML may not hold raw
  /// shows as U+FFFD. Text a block cannot carry comes back `quoted` on one line: empty text,
  /// a first line that is empty or starts with a space or a tab (a block takes its indentation
  /// from its first line, and YAMLish counts a tab as indentation). A tab that starts a later
  /// line (a Lua traceback's) stays: YAML reads it as text, YAMLish as one more space.
  static func block(_ text: String, indent: String) -> String {
    // Split on the scalar: in a String, "\r\n" is one character, not a "\n".
    var lines = text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map {
      String(String.UnicodeScalarView($0.map { $0 == "\t" || printable($0) ? $0 : "\u{FFFD}" }))
    }
    if text.unicodeScalars.last == "\n" { lines.removeLast() }
    guard let first = lines.first?.unicodeScalars.first, first != " ", first != "\t" else {
      return quoted(text) + "\n"
    }
    return "|\n" + lines.map { indent + $0 + "\n" }.joined()
  }

  /// Whether YAML may hold `scalar` as it is, other than tab and newline: YAML 1.2's printable
  /// characters less U+0085, U+2028 and U+2029, which YAML 1.1 reads as line breaks, and the
  /// byte-order mark.
  static func printable(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x20...0x7E, 0xA0...0x2027, 0x202A...0xD7FF, 0xE000...0xFEFE, 0xFF00...0xFFFD,
      0x10000...0x10FFFF:
      return true
    default: return false
    }
  }
}

/// `text` in double quotes with `"`, `\\`, newline, return and tab escaped as JSON and YAML
/// both write them, and any other scalar as `escape` writes it (nil: as it is).
private func doubleQuoted(_ text: String, escape: (Unicode.Scalar) -> String?) -> String {
  var result = "\""
  for scalar in text.unicodeScalars {
    switch scalar {
    case "\"": result += "\\\""
    case "\\": result += "\\\\"
    case "\n": result += "\\n"
    case "\r": result += "\\r"
    case "\t": result += "\\t"
    default:
      if let escaped = escape(scalar) {
        result += escaped
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
  }
  return result + "\""
}

private func hex4(_ value: UInt32) -> String {
  let digits = String(value, radix: 16)
  return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
}
