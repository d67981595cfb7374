import Foundation
import Testing

@testable import LifescriptCLI

/// Durations differ from run to run; everything else in a text report is pinned.
private func normalized(_ text: String) -> String {
  text.replacingOccurrences(of: #"\(\d+ ms\)"#, with: "(… ms)", options: .regularExpression)
    .replacingOccurrences(of: #" in \d+\.\d\d s"#, with: " in … s", options: .regularExpression)
}

/// The `scenario` records of a JSON report, as (path, test) pairs and statuses.
private func cases(_ json: String) throws -> [(path: String, test: String?, status: String)] {
  try json.split(separator: "\n").compactMap { line in
    let record = try #require(
      JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    guard record["type"] as? String == "scenario" else { return nil }
    return (
      try #require(record["path"] as? String), record["test"] as? String,
      try #require(record["status"] as? String)
    )
  }
}

/// Named tests through `lifescript run` and `lifescript test`: one case each in every report,
/// `--filter` and `--skip` on their names, shards of files
/// (Documentation/Reference/scenario-language.md#named-tests).
@Suite struct NamedTestSuiteTests {
  /// What `--filter launch` leaves of `Fixtures/named-suite`: tests whose names contain
  /// `launch` (with their groups), and the file without tests whose path does.
  static let launchCases = [
    "named-suite/drafts.lua › cold launch restores the draft",
    "named-suite/drafts.lua › warm launch keeps the draft",
    "named-suite/login.lua › cold launch shows the login",
    "named-suite/more/grouped.lua › launch / cold",
    "named-suite/more/grouped.lua › launch / warm",
    "named-suite/more/urls.lua › cold launch by URL",
    "named-suite/more/urls.lua › launch twice",
    "named-suite/plain-launch.lua",
  ]

  private func names(_ arguments: [String]) throws -> [String] {
    let result = try CommandLine.run(["test", "--format", "json"] + arguments)
    #expect(result.status == 0, "\(result.output)\(result.error)")
    return try cases(result.output).map { item in
      item.test.map { "\(item.path) › \($0)" } ?? item.path
    }
  }

  @Test func runReportsEachTestOfAFile() throws {
    let result = try CommandLine.run(
      ["run", "Scripts/suites/named-tests.lua"], in: CommandLine.repository)
    #expect(result.status == 0, "\(result.error)")
    #expect(result.error == "")
    #expect(
      result.output == """
        PASS  cold launch makes the app active
        PASS  the clock starts at zero in every test
        PASS  background / going home saves the draft
        PASS  background / a fresh app has saved nothing
        PASS  background / when killed / terminate is not sent to a suspended app
        SKIP  state restoration of the draft (the app does not opt in to state restoration yet)
        KNOWN the draft survives a kill (known issue: the draft lives only in memory; it should be written to storage)
        PASS  a test adds Info keys over the top level's
        8 tests: 6 passed, 0 failed, 1 skipped, 1 known issue

        """)
  }

  @Test func runWithTraceShowsEachTestsOwnTrace() throws {
    let result = try CommandLine.run(
      ["run", "--trace", "Scripts/suites/named-tests.lua"], in: CommandLine.repository)
    let sections = result.output.components(separatedBy: "\n-- ")
    #expect(sections.count == 8, "\(result.output)")
    // Each test's trace starts with its own fresh app.
    #expect(sections[0].hasPrefix("-- cold launch makes the app active\nscreen launch"))
    #expect(sections[1].hasPrefix("the clock starts at zero in every test\nwait 30 s\nPASS"))
    #expect(sections[2].hasPrefix("background / going home saves the draft\nscreen launch"))
  }

  @Test func aDiagramOfAFileWithTestsIsRefused() throws {
    let result = try CommandLine.run(
      ["run", "--diagram", "mermaid", "Scripts/suites/named-tests.lua"],
      in: CommandLine.repository)
    #expect(result.status == 2)
    #expect(
      result.error
        == "lifescript run: --diagram draws one run, and Scripts/suites/named-tests.lua defines 8 tests that ran; draw a file without tests\n"
    )
  }

  @Test func filterMatchesTestNamesAndPaths() throws {
    #expect(try names(["--filter", "launch", "named-suite"]).sorted() == Self.launchCases)
    // A glob matches a whole test name.
    #expect(
      try names(["--filter", "*the draft", "named-suite"]) == [
        "named-suite/drafts.lua › cold launch restores the draft",
        "named-suite/drafts.lua › warm launch keeps the draft",
        "named-suite/drafts.lua › home saves the draft",
      ])
    // A path that matches runs the whole file.
    #expect(try names(["--filter", "grouped", "named-suite"]).count == 3)
  }

  @Test func skipLeavesOutTestsByName() throws {
    let kept = try names(["--filter", "launch", "--skip", "cold", "named-suite"])
    #expect(kept == Self.launchCases.filter { !$0.contains("cold") })
  }

  @Test func filtersThatMatchNoTestAreAnError() throws {
    let result = try CommandLine.run(["test", "--filter", "nothing at all", "named-suite"])
    #expect(result.status == 2)
    #expect(
      result.error
        == "lifescript test: no scenarios or tests left after --filter nothing at all (of 6 scenarios found)\n"
    )
  }

  @Test func threeShardsOfAFilteredSuiteAreTheFilteredSuite() throws {
    var union: [String] = []
    for index in 1...3 {
      let shard = try names(["--filter", "launch", "--shard", "\(index)/3", "named-suite"])
      #expect(!shard.isEmpty, "shard \(index)/3 has a file that matches")
      #expect(Set(shard).isDisjoint(with: union), "no case runs in two shards")
      union += shard
    }
    #expect(union.sorted() == Self.launchCases)
    #expect(union.count == Set(union).count)
  }

  @Test func eachTestKeepsWhatItPrintedAndACrashOrAHangIsItsTestsError() throws {
    let result = try CommandLine.run(
      [
        "test", "-j", "1", "--allow-io", "--max-instructions", "none", "--timeout", "1",
        "named-hostile",
      ])
    #expect(result.status == 2)
    #expect(
      normalized(result.output) == """
        lifescript test: 3 scenarios on 1 worker
        named-hostile/exits.lua | top level
        named-hostile/exits.lua | from the first test
        PASS  named-hostile/exits.lua › prints and passes (… ms)
        named-hostile/exits.lua | leaving
        ERROR  named-hostile/exits.lua › exits (… ms)
            named-hostile/exits.lua › exits: the scenario ended its worker process (exit status 3) before it finished; scenarios must not exit the process (os.exit)
        PASS  named-hostile/hangs.lua › ends (… ms)
        ERROR  named-hostile/hangs.lua › loops forever (… ms)
            named-hostile/hangs.lua › loops forever: time limit exceeded (1 s of wall-clock time); raise it with --timeout
        named-hostile/prints.lua | printed by one
        PASS  named-hostile/prints.lua › one (… ms)
        named-hostile/prints.lua | printed by two
        named-hostile/prints.lua | warned by two
        FAIL  named-hostile/prints.lua › two (… ms)
            named-hostile/prints.lua:6: expect.equal: expected "2", got "two"

        Failed:
          named-hostile/exits.lua:7
          named-hostile/hangs.lua:4
          named-hostile/prints.lua:6
        6 scenarios in … s
        3 passed, 3 failed

        """)
    let json = try CommandLine.run(
      [
        "test", "-j", "1", "--allow-io", "--format", "json", "named-hostile/exits.lua",
        "named-hostile/prints.lua",
      ])
    let records = try json.output.split(separator: "\n").map {
      try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
    }.filter { $0["type"] as? String == "scenario" }
    #expect(
      records.map { $0["stdout"] as? String } == [
        "top level\nfrom the first test\n", "leaving\n", "printed by one\n", "printed by two\n",
      ])
    #expect(records.map { $0["stderr"] as? String } == ["", "", "", "warned by two\n"])
    #expect(records.map { $0["line"] as? Int } == [4, 7, 2, 3])
    #expect(records.map { $0["test"] as? String } == ["prints and passes", "exits", "one", "two"])
  }

  @Test func reportsCountSkipsAndKnownIssues() throws {
    let root = CommandLine.repository
    let arguments = ["test", "Scripts/suites/named-tests.lua"]
    let json = try CommandLine.run(arguments + ["--format", "json"], in: root)
    #expect(json.status == 0)
    let statuses = try cases(json.output).map(\.status)
    #expect(
      statuses == [
        "passed", "passed", "passed", "passed", "passed", "skipped", "known_issue", "passed",
      ])
    let summary = try #require(
      JSONSerialization.jsonObject(
        with: Data(json.output.split(separator: "\n").last!.utf8)) as? [String: Any])
    #expect(summary["skipped"] as? Int == 1)
    #expect(summary["known_issues"] as? Int == 1)
    #expect(summary["failed"] as? Int == 0)

    let tap = try CommandLine.run(arguments + ["--format", "tap"], in: root)
    #expect(
      tap.output.contains(
        "\nok 6 - Scripts/suites/named-tests.lua › state restoration of the draft # SKIP the app does not opt in to state restoration yet\nnot ok 7 - Scripts/suites/named-tests.lua › the draft survives a kill # TODO the draft lives only in memory; it should be written to storage\nok 8 - "
      ), "\(tap.output)")
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("lifescript-named-" + UUID().uuidString)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let report = folder.appendingPathComponent("report.tap").path
    try tap.output.write(toFile: report, atomically: true, encoding: .utf8)
    let proved = try CommandLine.tool(["prove", "--exec", "cat", report], in: folder)
    #expect(proved.status == 0, "a TODO failure is not a failure: \(proved.output)")
    #expect(proved.output.contains("All tests successful"), "\(proved.output)")

    let junit = try CommandLine.run(arguments + ["--format", "junit"], in: root)
    let xml = folder.appendingPathComponent("report.xml").path
    try junit.output.write(toFile: xml, atomically: true, encoding: .utf8)
    let parsed = try CommandLine.tool(
      [
        "python3", "-c",
        """
        import sys, xml.etree.ElementTree as ET
        root = ET.parse(sys.argv[1]).getroot()
        print(root.get("tests"), root.get("failures"), root.get("skipped"))
        for case in root.iter("testcase"):
            skipped = case.find("skipped")
            print(case.get("classname"), case.get("line"), case.get("name"),
                  "|", skipped.get("message") if skipped is not None else "passed")
        """,
        xml,
      ], in: folder)
    #expect(parsed.error == "")
    #expect(
      parsed.output == """
        8 0 2
        Scripts.suites.named-tests 31 cold launch makes the app active | passed
        Scripts.suites.named-tests 41 the clock starts at zero in every test | passed
        Scripts.suites.named-tests 48 background / going home saves the draft | passed
        Scripts.suites.named-tests 55 background / a fresh app has saved nothing | passed
        Scripts.suites.named-tests 62 background / when killed / terminate is not sent to a suspended app | passed
        Scripts.suites.named-tests 71 state restoration of the draft | the app does not opt in to state restoration yet
        Scripts.suites.named-tests 76 the draft survives a kill | known issue: the draft lives only in memory; it should be written to storage
        Scripts.suites.named-tests 85 a test adds Info keys over the top level's | passed

        """)
  }
}

/// Test names and reasons with TAP directives, YAML and XML markup, a byte-order mark,
/// noncharacters, invalid UTF-8 and the longest length (`Fixtures/hostile-names`): every report
/// stays valid, read back by prove, Python's XML parser and Foundation's JSON.
@Suite struct HostileTestNameReportTests {
  static let arguments = ["test", "hostile-names"]

  @Test func proveCountsEachTestOnce() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("lifescript-names-" + UUID().uuidString)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let report = folder.appendingPathComponent("report.tap").path
    let result = try CommandLine.run(Self.arguments + ["--format", "tap", "--output", report])
    #expect(result.status == 1)
    let proved = try CommandLine.tool(["prove", "--verbose", "--exec", "cat", report], in: folder)
    // One failure (test 4); the TODO (test 6) and the SKIP (test 5) are not failures, and no
    // name became a directive or a test line of its own.
    #expect(proved.output.contains("Failed 1/7 subtests"), "\(proved.output)\(proved.error)")
    #expect(proved.output.contains("Failed test:  4\n"), "\(proved.output)")
    #expect(proved.output.contains("(less 1 skipped subtest: 5 okay)"), "\(proved.output)")
    #expect(!proved.output.contains("Parse errors"), "\(proved.output)")
  }

  @Test func junitAndJSONCarryTheNamesBack() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("lifescript-names-" + UUID().uuidString)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let xml = folder.appendingPathComponent("report.xml").path
    _ = try CommandLine.run(Self.arguments + ["--format", "junit", "--output", xml])
    let parsed = try CommandLine.tool(
      [
        "python3", "-c",
        """
        import json, sys, xml.etree.ElementTree as ET
        root = ET.parse(sys.argv[1]).getroot()
        print(json.dumps([[case.get("name")] + [child.get("message") for child in case]
                          for case in root.iter("testcase")]))
        """,
        xml,
      ], in: folder)
    #expect(parsed.error == "")
    let junit = try #require(
      JSONSerialization.jsonObject(with: Data(parsed.output.utf8)) as? [[String]])
    let long = String(repeating: "long ", count: 100)
    let expected = [
      "# TODO not a directive", "ok 2 - not a test line # SKIP nor this", "back\\slash and #hash",
      "<testcase name=\"x\"/> &amp; ]]> <![CDATA[", "--- / ...",
      // XML 1.0 cannot hold U+FFFE; invalid UTF-8 comes from Lua as U+FFFD.
      "bom \u{FEFF} nonchar \u{FFFD} invalid \u{FFFD}\u{FFFD} UTF-8 🚀", long,
    ]
    #expect(junit.map { $0[0] } == expected)
    #expect(junit[4].last == "# TODO in a reason ]]> & \"quotes\"")
    #expect(junit[5].last == "known issue: - item: not YAML ---")

    let json = try CommandLine.run(Self.arguments + ["--format", "json"])
    let names = try cases(json.output).map(\.test)
    var jsonExpected: [String?] = expected
    jsonExpected[5] = "bom \u{FEFF} nonchar \u{FFFE} invalid \u{FFFD}\u{FFFD} UTF-8 🚀"
    #expect(names == jsonExpected)
  }
}

/// The pieces of the suite that named tests add: which files `--filter` keeps for their test
/// names, name patterns, and test outcomes on the wire between a worker and the suite.
@Suite struct NamedTestPlanTests {
  @Test(arguments: [
    ("test(\"x\", function() end)", true),
    ("test \"x\"", true),
    ("  test ('x')", true),
    ("test[[x]]", true),
    ("describe(\"g\", function()\n\ttest  (\"x\", f) end)", true),
    ("-- no tests here\nmain(AppDelegate)", false),
    ("local latest = 1; contest(1); test_helper(); self.test = 2", false),
    ("tests(\"x\")", false),
    ("", false),
  ])
  func filesThatMayDefineTestsAreFoundByTheirText(text: String, mayDefine: Bool) throws {
    let file = FileManager.default.temporaryDirectory
      .appendingPathComponent("lifescript-scan-\(UUID().uuidString).lua")
    try text.write(to: file, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: file) }
    #expect(SuitePlan.mayDefineTests(file.path) == mayDefine)
  }

  @Test func aFileThatCannotBeReadIsKeptForItsRunToSayWhy() {
    #expect(SuitePlan.mayDefineTests("/nonexistent/lifescript/tests.lua"))
  }

  @Test func namePatternsAreTextOrWholeNameGlobs() {
    #expect(SuitePlan.matches("launch", test: "background / cold launch"))
    #expect(!SuitePlan.matches("Launch", test: "background / cold launch"))
    #expect(SuitePlan.matches("*launch", test: "background / cold launch"))
    #expect(!SuitePlan.matches("cold*", test: "background / cold launch"))
    #expect(SuitePlan.matches("background / *", test: "background / cold launch"))
  }

  @Test func testOutcomesSurviveTheWire() {
    var outcome = ScenarioOutcome(status: .knownIssue, failure: "x.lua:3: nope")
    outcome.test = "group / name with\ttab and 🚀"
    outcome.testLine = 12
    outcome.reason = "FB1: still broken"
    #expect(ScenarioOutcome(decoding: outcome.encoded[...]) == outcome)
    var skipped = ScenarioOutcome(status: .skipped)
    skipped.test = "later"
    skipped.reason = "not yet"
    #expect(ScenarioOutcome(decoding: skipped.encoded[...]) == skipped)
  }

  @Test func skipsAndKnownIssuesPassTheSuiteAndCountApart() {
    var summary = SuiteSummary()
    let job = SuiteJob(index: 0, path: "a.lua")
    for status in [ScenarioReport.Status.passed, .skipped, .knownIssue, .knownIssue] {
      summary.count(ScenarioReport(job: job, status: status))
    }
    #expect(summary.exitStatus == 0)
    #expect(summary.closingLine == "1 passed, 0 failed, 1 skipped, 2 known issues")
  }
}

@Suite struct NamedTestShardNoteTests {
  @Test func aShardWhoseFilesHaveNoMatchingTestPassesWithANote() throws {
    let arguments = ["test", "--filter", "logout", "--shard", "1/3", "named-suite"]
    let note =
      "shard 1/3 has no tests that match (no test in its 1 file is left by --filter/--skip)"
    let text = try CommandLine.run(arguments)
    #expect(text.status == 0, "\(text.output)\(text.error)")
    #expect(
      normalized(text.output) == """
        lifescript test: 1 scenario (shard 1/3) on 1 worker
        lifescript test: \(note)

        0 scenarios in … s
        0 passed, 0 failed

        """)
    let tap = try CommandLine.run(arguments + ["--format", "tap"])
    #expect(tap.status == 0)
    #expect(tap.output == "TAP version 13\n1..0 # SKIP \(note)\n# 0 passed, 0 failed\n")
    #expect(tap.error == "lifescript test: \(note)\n")
    let json = try CommandLine.run(arguments + ["--format", "json"])
    #expect(json.output.hasPrefix("{\"type\":\"suite\""))
    #expect(json.output.contains("\"note\":\"\(note)\""), "\(json.output)")
    // The shard that has the file runs its test.
    let other = try CommandLine.run(["test", "--filter", "logout", "--shard", "2/3", "named-suite"])
    #expect(other.output.contains("PASS  named-suite/login.lua › logout clears the token"))
  }
}
