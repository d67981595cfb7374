import Foundation
import Testing

/// Durations differ from run to run; everything else in a suite's text report is pinned.
private func normalized(_ text: String) -> String {
  text.replacingOccurrences(of: #"\(\d+ ms\)"#, with: "(… ms)", options: .regularExpression)
    .replacingOccurrences(of: #" in \d+\.\d\d s"#, with: " in … s", options: .regularExpression)
}

/// `lifescript test` on `Fixtures/suite-warnings`: two scenarios of an app that stays on the
/// app-delegate life cycle give the same warning, one gives a warning of its own twice.
@Suite struct SuiteWarningTests {
  static let deprecated =
    "warning[deprecated-app-delegate-method]: AppDelegate implements applicationDidBecomeActive:, deprecated in iOS 26 (see Documentation/UIKit/ios-releases.md#deprecations-in-ios-26); adopt scenes and use sceneDidBecomeActive:"

  @Test func aSuiteShowsEachWarningOnceAtTheEndWithTheScenariosThatGaveIt() throws {
    let result = try CommandLine.run(["test", "-j", "1", "suite-warnings"])
    #expect(result.status == 0, "warnings do not change the exit status")
    #expect(result.error == "")
    #expect(
      normalized(result.output) == """
        lifescript test: 3 scenarios on 1 worker
        PASS  suite-warnings/legacy-home.lua (… ms)
        PASS  suite-warnings/legacy-relaunch.lua (… ms)
        PASS  suite-warnings/quiet.lua (… ms)

        Warnings (each once):
          \(Self.deprecated)
            from suite-warnings/legacy-home.lua, suite-warnings/legacy-relaunch.lua
          warning[lua-warn]: launching
            from suite-warnings/legacy-relaunch.lua
        3 scenarios in … s
        3 passed, 0 failed

        """)
  }

  @Test func allShowsEachScenariosWarningsEachTimeUnderItsLine() throws {
    let result = try CommandLine.run(["test", "-j", "1", "--warnings", "all", "suite-warnings"])
    #expect(result.status == 0)
    #expect(
      normalized(result.output) == """
        lifescript test: 3 scenarios on 1 worker
        PASS  suite-warnings/legacy-home.lua (… ms)
            \(Self.deprecated)
        PASS  suite-warnings/legacy-relaunch.lua (… ms)
            \(Self.deprecated)
            warning[lua-warn]: launching
            warning[lua-warn]: launching
        PASS  suite-warnings/quiet.lua (… ms)

        3 scenarios in … s
        3 passed, 0 failed

        """)
  }

  @Test func noneAndIgnoredNamesLeaveWarningsOut() throws {
    let none = try CommandLine.run(["test", "-j", "1", "--warnings", "none", "suite-warnings"])
    #expect(!none.output.contains("warning["), "\(none.output)")
    let ignoring = try CommandLine.run([
      "test", "-j", "1", "--ignore-warning", "deprecated-app-delegate-method", "suite-warnings",
    ])
    #expect(!ignoring.output.contains("deprecated"), "\(ignoring.output)")
    #expect(ignoring.output.contains("  warning[lua-warn]: launching\n"))
  }

  @Test func errorFailsTheScenariosThatGiveWarningsWithExitStatusTwo() throws {
    let result = try CommandLine.run([
      "test", "-j", "1", "--warnings", "error", "--ignore-warning", "lua-warn", "suite-warnings",
    ])
    #expect(result.status == 2)
    #expect(
      normalized(result.output) == """
        lifescript test: 3 scenarios on 1 worker
        ERROR  suite-warnings/legacy-home.lua (… ms)
            suite-warnings/legacy-home.lua: warnings are errors (--warnings error), and this scenario gave 1:
            \(Self.deprecated)
            hint: fix the code, or leave a warning out by its name: --ignore-warning NAME, or ignore_warnings = { "NAME" } in lifescript.lua
        ERROR  suite-warnings/legacy-relaunch.lua (… ms)
            suite-warnings/legacy-relaunch.lua: warnings are errors (--warnings error), and this scenario gave 1:
            \(Self.deprecated)
            hint: fix the code, or leave a warning out by its name: --ignore-warning NAME, or ignore_warnings = { "NAME" } in lifescript.lua
        PASS  suite-warnings/quiet.lua (… ms)

        Failed:
          suite-warnings/legacy-home.lua
          suite-warnings/legacy-relaunch.lua
        3 scenarios in … s
        1 passed, 2 failed

        """)
  }

  @Test func runGivesAWarningOnceUnlessAll() throws {
    let once = try CommandLine.run(["run", "suite-warnings/legacy-relaunch.lua"])
    #expect(once.status == 0)
    #expect(once.error == Self.deprecated + "\nwarning[lua-warn]: launching\n")
    let all = try CommandLine.run([
      "run", "--warnings", "all", "suite-warnings/legacy-relaunch.lua",
    ])
    #expect(
      all.error == Self.deprecated
        + "\nwarning[lua-warn]: launching\nwarning[lua-warn]: launching\n")
    let error = try CommandLine.run([
      "run", "--warnings", "error", "--ignore-warning", "deprecated-app-delegate-method",
      "suite-warnings/legacy-relaunch.lua",
    ])
    #expect(error.status == 2)
    #expect(
      error.error == """
        suite-warnings/legacy-relaunch.lua: warnings are errors (--warnings error), and this scenario gave 1:
        warning[lua-warn]: launching
        hint: fix the code, or leave a warning out by its name: --ignore-warning NAME, or ignore_warnings = { "NAME" } in lifescript.lua

        """)
  }

  @Test(arguments: ["run", "test"])
  func anUnknownWarningNameIsAUsageErrorThatSuggestsTheNearestName(command: String) throws {
    let result = try CommandLine.run([
      command, "--ignore-warning", "deprecated-app-delegate-methods", "suite-warnings/quiet.lua",
    ])
    #expect(result.status == 2)
    #expect(
      result.error.hasPrefix(
        "Error: --ignore-warning: unknown warning 'deprecated-app-delegate-methods' (did you mean deprecated-app-delegate-method?); the names are deprecated-app-delegate-method, scene-dead-method,"
      ), "\(result.error)")
  }

  @Test func tapWithWarningsIsReadByProve() throws {
    let folder = try scratchFolder()
    let report = folder.appendingPathComponent("report.tap").path
    // A failing scenario's warnings come after its YAML block; one has two lines and a '#'.
    let failing = folder.appendingPathComponent("warns-and-fails.lua")
    try """
    warn("two\\nlines # not a directive")
    main(class("AppDelegate", UIResponder))
    expect.order { "nothing like this" }
    """.write(to: failing, atomically: true, encoding: .utf8)
    for mode in ["once", "all"] {
      let result = try CommandLine.run([
        "test", "--format", "tap", "--output", report, "--warnings", mode, "suite-warnings",
        "suite/fails.lua", failing.path,
      ])
      #expect(result.status == 1)
      let tap = try String(contentsOfFile: report, encoding: .utf8)
      #expect(
        tap.contains("  ...\n# warning[lua-warn]: two\n# lines # not a directive\n"), "\(tap)")
      #expect(
        tap.contains("# warning[lua-warn]: launching\nok 4 - suite-warnings/quiet.lua\n"))
      #expect(tap.contains("\n# " + Self.deprecated + "\n"))
      let proved = try CommandLine.tool(
        ["prove", "--verbose", "--exec", "cat", report], in: folder)
      #expect(proved.output.contains("Failed 2/5 subtests"), "\(proved.output)\(proved.error)")
      #expect(!proved.output.contains("Parse errors"), "\(proved.output)")
      #expect(!proved.error.contains("YAML"), "\(proved.error)")
    }
  }

  @Test func junitWithWarningsIsReadByAStandardXMLParser() throws {
    let folder = try scratchFolder()
    let report = folder.appendingPathComponent("report.xml").path
    let result = try CommandLine.run([
      "test", "--format", "junit", "--output", report, "suite-warnings",
    ])
    #expect(result.status == 0)
    let parsed = try CommandLine.tool(
      [
        "python3", "-c",
        """
        import sys, xml.etree.ElementTree as ET
        root = ET.parse(sys.argv[1]).getroot()
        for case in root.iter("testcase"):
            err = case.find("system-err")
            print(case.get("name"), repr(err.text if err is not None else None))
        """,
        report,
      ], in: folder)
    #expect(parsed.error == "")
    #expect(
      parsed.output == """
        legacy-home '\(Self.deprecated)\\n'
        legacy-relaunch 'warning[lua-warn]: launching\\n'
        quiet None

        """)
  }

  @Test func jsonGivesEachScenarioTheWarningsItShows() throws {
    let result = try CommandLine.run(["test", "--format", "json", "suite-warnings"])
    let records = try result.output.split(separator: "\n").map {
      try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
    }
    let warnings = records.filter { $0["type"] as? String == "scenario" }.map {
      ($0["warnings"] as? [[String: Any]] ?? []).map { "\($0["name"] ?? "")" }
    }
    #expect(warnings == [["deprecated-app-delegate-method"], ["lua-warn"], []])
  }

  private func scratchFolder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("lifescript-warnings-" + UUID().uuidString)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }
}
