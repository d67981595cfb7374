import Foundation
import Testing

/// The reports as a CI matrix consumes them: `Fixtures/ci-matrix` (files with several named
/// tests each, passing, failing, erroring, skipped and known issues, and a file without tests)
/// runs as three shards with filters, and each shard's JSON report is checked against the
/// published schema (Documentation/Reference/schemas/test-report.schema.json, by
/// tools/check-test-report.py with python3-jsonschema), its JUnit report read by junitparser
/// (python3-junitparser) and its TAP report by prove. .ci/run installs all three.
@Suite struct ReportConsumerTests {
  static let filters = ["--filter", "launch", "--filter", "settings", "--skip", "home"]

  /// What each case of the filtered suite is, unsharded: path › test, and status.
  static let expected: [String: String] = [
    "ci-matrix/background.lua › background / a call interrupts the launch": "passed",
    "ci-matrix/background.lua › background / state restoration at launch": "skipped",
    "ci-matrix/launch.lua › cold launch activates the app": "passed",
    "ci-matrix/launch.lua › cold launch that expects a scene": "failed",
    "ci-matrix/plain-launch.lua": "passed",
    "ci-matrix/settings/store.lua › cold launch reads the settings": "passed",
    "ci-matrix/settings/store.lua › settings survive a kill": "known_issue",
    "ci-matrix/settings/store.lua › a broken settings file": "error",
  ]

  static var consumersInstalled: Bool {
    CommandLine.python(with: "jsonschema") != nil && CommandLine.python(with: "junitparser") != nil
      && CommandLine.find("prove") != nil
  }

  private func scratchFolder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("lifescript-consumers-" + UUID().uuidString)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }

  /// The cases of a JSON report, by `path › test`, with their statuses.
  private func cases(ofJSON path: String) throws -> [(String, String)] {
    let text = try String(contentsOfFile: path, encoding: .utf8)
    return try text.split(separator: "\n").compactMap { line in
      let record = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
      guard record?["type"] as? String == "scenario", let path = record?["path"] as? String,
        let status = record?["status"] as? String
      else { return nil }
      let name = (record?["test"] as? String).map { "\(path) › \($0)" } ?? path
      return (name, status)
    }
  }

  /// junitparser's reading of a JUnit report: one `classname<TAB>name<TAB>results` line per
  /// test case, then each suite's own `tests` count against the cases it holds.
  private func readJUnit(_ path: String, in folder: URL) throws -> [String] {
    let python = try #require(CommandLine.python(with: "junitparser"))
    let script = """
      import sys, junitparser
      xml = junitparser.JUnitXml.fromfile(sys.argv[1])
      for suite in xml:
          cases = list(suite)
          if suite.tests != len(cases):
              print("suite", suite.name, "says", suite.tests, "tests but holds", len(cases))
          for case in cases:
              kinds = ",".join(type(result).__name__ for result in case.result) or "Passed"
              print(case.classname + "\\t" + case.name + "\\t" + kinds)
      """
    let result = try CommandLine.tool([python, "-c", script, path], in: folder)
    #expect(result.status == 0, "\(result.error)")
    return result.output.split(separator: "\n").map(String.init)
  }

  @Test(.enabled(if: consumersInstalled, "needs python3-jsonschema, python3-junitparser, prove"))
  func threeShardsWithFiltersGiveReportsEveryConsumerReads() throws {
    let folder = try scratchFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    var union: [String: String] = [:]
    var jsonReports: [String] = []
    for shard in 1...3 {
      var reports: [String: String] = [:]
      for format in ["json", "junit", "tap"] {
        let report = folder.appendingPathComponent("shard\(shard).\(format)").path
        reports[format] = report
        let result = try CommandLine.run(
          ["test", "--allow-io"] + Self.filters
            + ["--shard", "\(shard)/3", "--format", format, "--output", report, "ci-matrix"])
        #expect([0, 1, 2].contains(result.status), "\(result.error)")
      }
      let json = try cases(ofJSON: reports["json"]!)
      jsonReports.append(reports["json"]!)
      #expect(!json.isEmpty, "shard \(shard)/3 runs something of the filtered suite")
      for (name, status) in json {
        #expect(union[name] == nil, "\(name) runs in two shards")
        union[name] = status
      }

      // junitparser: one case per JSON record, with the matching result.
      let junit = try readJUnit(reports["junit"]!, in: folder)
      #expect(!junit.contains { $0.hasPrefix("suite ") }, "\(junit)")
      #expect(junit.count == json.count, "\(junit)")
      let kinds = junit.map { $0.split(separator: "\t").last.map(String.init) ?? "" }.sorted()
      let fromJSON = json.map { _, status in
        switch status {
        case "failed": "Failure"
        case "error": "Error"
        case "skipped", "known_issue": "Skipped"
        default: "Passed"
        }
      }.sorted()
      #expect(kinds == fromJSON)

      // prove: every case counted once, no parse error.
      let proved = try CommandLine.tool(
        ["prove", "--verbose", "--exec", "cat", reports["tap"]!], in: folder)
      #expect(!proved.output.contains("Parse errors"), "\(proved.output)")
      #expect(proved.output.contains("Tests=\(json.count),"), "\(proved.output)")
    }
    #expect(union == Self.expected)

    // The published schema: every record of every shard, and the summaries' counts.
    let python = try #require(CommandLine.python(with: "jsonschema"))
    let tool = CommandLine.repository.appendingPathComponent("tools/check-test-report.py").path
    let checked = try CommandLine.tool([python, tool] + jsonReports, in: folder)
    #expect(checked.status == 0, "\(checked.output)\(checked.error)")
    #expect(checked.output == "")
  }

  @Test(.enabled(if: CommandLine.python(with: "jsonschema") != nil, "needs python3-jsonschema"))
  func hostileOutputAndNamesStayValidAgainstTheSchema() throws {
    let folder = try scratchFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    var reports: [String] = []
    for (name, arguments) in [
      ("hostile-output", ["--allow-io", "hostile-output"]), ("hostile-names", ["hostile-names"]),
      ("empty-shard", ["--shard", "9/9", "ci-matrix"]),
    ] {
      let report = folder.appendingPathComponent("\(name).json").path
      _ = try CommandLine.run(["test", "--format", "json", "--output", report] + arguments)
      reports.append(report)
    }
    let python = try #require(CommandLine.python(with: "jsonschema"))
    let tool = CommandLine.repository.appendingPathComponent("tools/check-test-report.py").path
    let checked = try CommandLine.tool([python, tool] + reports, in: folder)
    #expect(checked.status == 0, "\(checked.output)\(checked.error)")
  }

  /// `--list` names the cases a shard would run, a file's named tests one by one: the same
  /// cases, in the same order, as the shard's report.
  @Test func listNamesTheCasesEachShardRuns() throws {
    var listed: [String] = []
    for shard in 1...3 {
      let arguments = Self.filters + ["--shard", "\(shard)/3", "ci-matrix"]
      let list = try CommandLine.run(["test", "--list"] + arguments)
      #expect(list.status == 0, "\(list.error)")
      #expect(list.error == "")
      let names = list.output.split(separator: "\n").map(String.init)
      let run = try CommandLine.run(
        ["test", "--allow-io", "--format", "json", "-j", "1"] + arguments)
      let ran = try run.output.split(separator: "\n").compactMap { line -> String? in
        let record = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
        guard record?["type"] as? String == "scenario", let path = record?["path"] as? String
        else { return nil }
        return (record?["test"] as? String).map { "\(path) › \($0)" } ?? path
      }
      #expect(names == ran, "shard \(shard)/3")
      listed += names
    }
    #expect(listed.sorted() == Self.expected.keys.sorted())
  }

  /// A record's trace is what `lifescript run --trace` prints: the scenario's actions among
  /// what UIKit did, and no skipped lines.
  @Test func aRecordsTraceShowsTheActionsAsRunTraceDoes() throws {
    let result = try CommandLine.run(
      ["test", "--format", "json", "--filter", "a call interrupts", "ci-matrix/background.lua"])
    #expect(result.status == 0, "\(result.error)")
    let record = try #require(
      result.output.split(separator: "\n").compactMap {
        try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
      }.first { $0["type"] as? String == "scenario" })
    let trace = try #require(record["trace"] as? [String])
    #expect(trace.contains("device interrupt"), "\(trace)")
    #expect(!trace.contains { $0.hasPrefix("skipped ") }, "\(trace)")
    let run = try CommandLine.run(["run", "--trace", "ci-matrix/background.lua"])
    #expect(run.output.contains(trace.joined(separator: "\n")), "\(run.output)")
  }

  /// The check can fail: a report with a bad shard, a scenario record missing its fields and a
  /// summary that does not add up is refused, each problem at its line.
  @Test(.enabled(if: CommandLine.python(with: "jsonschema") != nil, "needs python3-jsonschema"))
  func theSchemaRefusesABrokenReport() throws {
    let folder = try scratchFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let report = folder.appendingPathComponent("broken.json")
    try """
    {"type":"suite","scenarios":1,"jobs":1,"workers":1,"seed":null,"shard":"0/3","repeat":1,"configuration":null}
    {"type":"scenario","path":"a.lua","status":"passed"}
    {"type":"summary","passed":2,"failed":0,"errors":0,"skipped":0,"known_issues":0,"seconds":0.1,"exit_status":0}

    """.write(to: report, atomically: true, encoding: .utf8)
    let python = try #require(CommandLine.python(with: "jsonschema"))
    let tool = CommandLine.repository.appendingPathComponent("tools/check-test-report.py").path
    let checked = try CommandLine.tool([python, tool, report.path], in: folder)
    #expect(checked.status == 1)
    let lines = checked.output.split(separator: "\n").map(String.init)
    #expect(
      lines.contains("\(report.path):1: shard: '0/3' does not match '^[1-9][0-9]*/[1-9][0-9]*$'"))
    #expect(lines.contains("\(report.path):2: the record: 'line' is a required property"))
    #expect(
      lines.contains("\(report.path):3: summary passed is 2, but 1 scenario records are passed"))
  }
}
