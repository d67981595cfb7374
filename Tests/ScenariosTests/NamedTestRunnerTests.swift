import AppLifecycle
import Foundation
import LuaBridge
import Scenarios
import Testing

/// `ScenarioRunner.runCases`: the cases of a file, each named test in a fresh app after the
/// file's top level has run again (Documentation/Reference/scenario-language.md#named-tests).
@Suite struct NamedTestRunnerTests {
  /// One case as `runCases` reported it.
  struct Case {
    var test: String?
    var line: Int?
    var verdict: String
    var trace: [String]
  }

  /// Runs `source` as a file in a fresh folder (`$FOLDER` in it) and collects its cases, what
  /// it printed and its warnings.
  func run(
    _ source: String, options: ScenarioOptions = ScenarioOptions(),
    selection: ScenarioRunner.CaseSelection = ScenarioRunner.CaseSelection(),
  ) throws -> (cases: [Case], output: String, warnings: [String]) {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("lifescript-named-" + UUID().uuidString)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    // A project root, so the file reads only its own folder.
    try "".write(
      to: folder.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
    let path = folder.appendingPathComponent("tests.lua").path
    try source.replacing("$FOLDER", with: folder.path).write(
      toFile: path, atomically: true, encoding: .utf8)
    var cases: [Case] = []
    var output = ""
    var warnings: [String] = []
    let print: (String) -> Void = { output += $0 }
    let warn: (Warning) -> Void = { warnings.append($0.message) }
    ScenarioRunner.runCases(
      file: path, options: options, output: print, warning: warn, selection: selection
    ) { test, scenario, verdict in
      let description: String
      switch verdict {
      case .passed: description = "passed"
      case .failed(let failure): description = "failed: " + failure.message
      case .skipped(let reason): description = "skipped: " + reason
      case .knownIssue(let reason, let failure):
        description = "known issue \(reason): " + failure.message
      }
      cases.append(
        Case(
          test: test?.name, line: test?.location.line, verdict: description,
          trace: scenario?.trace.lines() ?? []))
    }
    return (cases, output, warnings)
  }

  static let app = """
    local AppDelegate = class("AppDelegate", UIResponder, { "UIApplicationDelegate" })
    function AppDelegate:application_didFinishLaunchingWithOptions(app, options) return true end
    counter = (counter or 0) + 1
    print("top level")

    """

  @Test func eachTestRunsInAFreshAppAfterTheTopLevel() throws {
    let (cases, output, _) = try run(
      Self.app + """
        test("launches", function()
          main(AppDelegate)
          expect.equal(counter, 1)
          counter = counter + 10
        end)
        test("starts again", function()
          expect.equal(#trace(), 0)
          expect.equal(counter, 1)
          expect.equal(NSClassFromString("AppDelegate"), AppDelegate)
          expect.equal(os.clock(), 0)
        end)
        """)
    #expect(cases.map(\.test) == ["launches", "starts again"])
    #expect(cases.map(\.line) == [5, 10])
    #expect(cases.map(\.verdict) == ["passed", "passed"])
    #expect(cases[0].trace.contains("new AppDelegate"))
    #expect(cases[1].trace == [])
    // The top level ran once per test, and printed once.
    #expect(output == "top level\n")
  }

  @Test func aFileWithoutTestsIsOneCase() throws {
    let (cases, output, _) = try run(Self.app + "main(AppDelegate)\nexpect.equal(1, 2)\n")
    #expect(cases.count == 1)
    #expect(cases[0].test == nil)
    #expect(cases[0].verdict == "failed: expect.equal: expected 2, got 1")
    #expect(output == "top level\n")
  }

  @Test func aSelectionRunsOnlyTheTestsItIncludes() throws {
    let source =
      Self.app + """
        test("one", function() end)
        describe("group", function()
          test("two", function() end)
        end)
        """
    let (cases, _, _) = try run(
      source,
      selection: ScenarioRunner.CaseSelection(wholeFile: false) { $0.name.hasPrefix("group") })
    #expect(cases.map(\.test) == ["group / two"])
  }

  @Test func aFileWithoutTestsThatOnlySomeTestsWereAskedOfShowsNothing() throws {
    let (cases, output, _) = try run(
      Self.app + "main(AppDelegate)\n",
      selection: ScenarioRunner.CaseSelection(wholeFile: false) { _ in true })
    #expect(cases.isEmpty)
    #expect(output == "", "what it printed goes with it")
  }

  @Test func warningsOfEachFreshAppAreGivenOncePerFile() throws {
    // A misspelled delegate method warns when its class is defined: at every top-level run.
    let source = """
      local AppDelegate = class("AppDelegate", UIResponder, { "UIApplicationDelegate" })
      function AppDelegate:applicationDidBecomeActiv(app) end
      test("one", function() end)
      test("two", function() end)
      """
    let (cases, _, warnings) = try run(source)
    #expect(cases.map(\.verdict) == ["passed", "passed"])
    #expect(warnings.count == 1, "\(warnings)")
    var all = ScenarioOptions()
    all.warnings = WarningPolicy(mode: .all)
    #expect(try run(source, options: all).warnings.count == 1, "the replays give none")
  }

  @Test func skipAndKnownIssueDecideTheVerdict() throws {
    let (cases, _, _) = try run(
      """
      test("skipped", function() skip("later") error("not reached") end)
      test("known", function() known_issue("FB1") expect.equal(1, 2) end)
      test("fixed", function() known_issue("FB2") end)
      test("known but broken", function() known_issue("FB3") error("boom") end)
      """)
    #expect(
      cases.map(\.verdict) == [
        "skipped: later",
        "known issue FB1: expect.equal: expected 2, got 1",
        "failed: known issue \"FB2\" no longer fails: the test \"fixed\" passed; remove its known_issue(...)",
        "failed: boom",
      ])
  }

  @Test func topLevelsThatDefineOtherTestsWhenRunAgainAreAnError() throws {
    // With io, the top level can see that it ran before, and define another test.
    var options = ScenarioOptions()
    options.allowIO = true
    let source = """
      local marker = io.open("$FOLDER/ran", "r")
      if marker then marker:close() test("second run only", function() end) end
      io.open("$FOLDER/ran", "w"):close()
      test("always", function() end)
      test("also always", function() end)
      """
    let (cases, _, _) = try run(source, options: options)
    #expect(cases.first?.verdict == "passed")
    #expect(
      cases.dropFirst().first?.verdict
        == "failed: the file's top level defined other tests when it ran again for \"also always\" (3 tests instead of 2); the tests a file defines must not depend on anything but the file"
    )
  }

  @Test func groupsNestAtMost32Deep() throws {
    let source = """
      local function nest(n)
        describe("g" .. n, function()
          if n > 0 then nest(n - 1) else test("leaf", function() end) end
        end)
      end
      nest(%d)
      """
    let fine = try run(String(format: source, 31)).cases
    #expect(fine.map(\.verdict) == ["passed"])
    #expect(fine.first?.test?.hasSuffix("g1 / g0 / leaf") == true)
    // Recursing without end is a clear error, not an exhausted C stack.
    let deep = try run(String(format: source, 100_000)).cases
    #expect(deep.map(\.test) == [nil])
    #expect(
      deep.map(\.verdict) == [
        "failed: describe() groups nest at most 32 deep; this one is inside 32"
      ])
  }

  @Test func runningAFileWithTestsAsOneScenarioIsRefused() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("lifescript-named-" + UUID().uuidString)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("tests.lua").path
    try "-- tests\ntest(\"one\", function() end)\n".write(
      toFile: path, atomically: true, encoding: .utf8)
    var failure: ScenarioFailure?
    do {
      try ScenarioRunner.run(file: path, output: { _ in })
    } catch {
      failure = error
    }
    #expect(failure?.location?.line == 2)
    #expect(
      failure?.message
        == "this file defines named tests (test(...)), and this command runs a file as one scenario; run its tests with lifescript run or lifescript test"
    )
  }
}
