import Foundation
import Testing

/// `lifescript explore` through the real executable: the seeded bugs of Scripts/explore and
/// their fixed versions, counterexamples that replay, and bad input
/// (Documentation/Reference/explore.md).
@Suite struct ExploreCommandTests {
  static let scripts = CommandLine.repository.appendingPathComponent("Scripts/explore")

  @Test(arguments: [
    ("draft-on-terminate.lua", ["device.terminate_in_background()"]),
    ("upload-task.lua", ["device.home()", "wait(30)"]),
    ("deep-link.lua", ["device.kill()", "device.open_url(\"notes://explore\")"]),
    ("observer-twice.lua", ["device.home()", "device.activate()"]),
    ("sync-alert.lua", ["device.home()", "wait(5)"]),
    (
      "player-controls.lua",
      [
        "device.rotate(\"landscapeLeft\")", "device.rotate(\"portrait\")",
        "device.rotate(\"landscapeLeft\")",
      ]
    ),
  ])
  func exploreFindsTheSeededBugWithTheShortestPath(file: String, path: [String]) throws {
    let result = try CommandLine.run(["explore", file], in: Self.scripts)
    #expect(result.status == 1, "\(result.error)")
    #expect(result.output.hasPrefix("VIOLATION "))
    // "  1. device.home()" → "device.home()"
    let steps = result.output.components(separatedBy: "\n").compactMap { line -> String? in
      let parts = line.split(separator: " ", maxSplits: 1)
      guard line.hasPrefix("  "), parts.count == 2, parts[0].hasSuffix("."),
        Int(parts[0].dropLast()) != nil
      else { return nil }
      return String(parts[1])
    }
    #expect(steps == path)
  }

  @Test(arguments: [
    "draft-on-terminate-fixed.lua", "upload-task-fixed.lua", "deep-link-fixed.lua",
    "observer-twice-fixed.lua", "sync-alert-fixed.lua", "player-controls-fixed.lua",
  ])
  func exploreFindsNothingInTheFixedVersion(file: String) throws {
    let result = try CommandLine.run(["explore", file], in: Self.scripts)
    #expect(result.status == 0, "\(result.output)\(result.error)")
    #expect(result.output.hasPrefix("OK    no violation in every path of up to 4 events"))
    #expect(result.output.contains("coverage: "))
  }

  @Test func theCounterexampleReplaysUnderRunAndFailsTheSameWay() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("explore-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let output = folder.appendingPathComponent("counterexample.lua").path
    let found = try CommandLine.run(
      ["explore", "observer-twice.lua", "--output", output], in: Self.scripts)
    #expect(found.status == 1, "\(found.error)")
    #expect(found.output.contains("counterexample: \(output)"))
    let replay = try CommandLine.run(["run", output], in: folder)
    #expect(replay.status == 1)
    #expect(
      replay.error.contains(
        "counterexample.lua:42: invariant \"a change is handled once per scene\" does not hold after step 2 (device.activate())"
      ), "\(replay.error)")
    // Every line keeps its number: the path is in front of the first.
    let text = try String(contentsOfFile: output, encoding: .utf8)
    #expect(
      text.hasPrefix(
        "explore.path { \"device.home()\", \"device.activate()\" }; -- observer-twice.lua"))
  }

  @Test(arguments: [
    (["--depth", "1000"], "--depth takes 0 to 64 events, not 1000"),
    (["--depth", "-1"], "--depth takes 0 to 64 events, not -1"),
    (["--shard", "4/3"], "--shard takes i/n with 1 <= i <= n, like 2/3, not '4/3'"),
    (["--max-paths", "0"], "--max-paths takes a positive number of paths, not 0"),
    (["--time", "nan"], "--time takes a positive number of seconds, not nan"),
    (["--diagram-output", "x.svg"], "--diagram-output names the file for a diagram"),
  ])
  func badOptionsAreUsageErrors(arguments: [String], message: String) throws {
    let result = try CommandLine.run(["explore", "upload-task.lua"] + arguments, in: Self.scripts)
    #expect(result.status == 2)
    #expect(result.error.contains(message), "\(result.error)")
  }

  static func write(_ source: String) throws -> URL {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("explore-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try source.write(
      to: folder.appendingPathComponent("app.lua"), atomically: true, encoding: .utf8)
    return folder
  }

  static let app = """
    local AppDelegate = class("AppDelegate", UIResponder, { "UIApplicationDelegate" })
    function AppDelegate:application_didFinishLaunchingWithOptions(application, options) return true end

    """

  @Test func anInvariantThatLoopsMeetsTheLimitOfItsPath() throws {
    let folder = try Self.write(
      Self.app + "invariant(\"loops\", function() while true do end end)\nmain(AppDelegate)\n")
    let result = try CommandLine.run(
      ["explore", "app.lua", "--max-instructions", "100000"], in: folder)
    #expect(result.status == 2)
    #expect(result.error.contains("instruction limit exceeded"), "\(result.error)")
  }

  @Test func anInvariantThatRaisesIsAViolationAtItsLine() throws {
    let folder = try Self.write(
      Self.app + "invariant(\"raises\", function() error(\"no\") end)\nmain(AppDelegate)\n")
    let result = try CommandLine.run(["explore", "app.lua"], in: folder)
    #expect(result.status == 1)
    #expect(
      result.output.hasPrefix(
        "VIOLATION invariant \"raises\" raised an error at the start point\n  declared at app.lua:3\n"
      ), "\(result.output)")
  }

  @Test func aFileThatIsNotARegularFileIsRefusedWithoutWaiting() throws {
    let folder = try Self.write("")
    #expect(mkfifo(folder.appendingPathComponent("fifo.lua").path, 0o600) == 0)
    let fifo = try CommandLine.run(["explore", "fifo.lua"], in: folder, seconds: 20)
    #expect(fifo.status == 2)
    #expect(
      fifo.error
        == "lifescript explore: fifo.lua is not a regular file (a FIFO, a device or a socket): explore runs the file again for every path; save it to a file\n"
    )
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("folder.lua"), withIntermediateDirectories: false)
    let directory = try CommandLine.run(["explore", "folder.lua"], in: folder)
    #expect(directory.status == 2)
    #expect(directory.error.contains("cannot read folder.lua: it is a directory, not a Lua file"))
  }

  /// A timer at the end of virtual time (`math.huge` seconds: its deadline saturates) is still
  /// waited for, in seconds Lua reads back exactly, and the counterexample replays; a timer
  /// due now or at a NaN delay runs in the current turn and offers no wait.
  @Test func aTimerAtTheEndOfTimeIsWaitedForAndTheWaitReplays() throws {
    let folder = try Self.write(
      """
      fired = false
      local AppDelegate = class("AppDelegate", UIResponder, { "UIApplicationDelegate" })
      function AppDelegate:application_didFinishLaunchingWithOptions(application, options)
        DispatchQueue.main:asyncAfter(math.huge, function() fired = true end)
        DispatchQueue.main:asyncAfter(0/0, function() end)
        DispatchQueue.main:asyncAfter(-math.huge, function() end)
        return true
      end
      invariant("the far timer never fires", function() return not fired end)
      main(AppDelegate)

      """)
    let found = try CommandLine.run(
      ["explore", "app.lua", "--depth", "1", "--output", "counterexample.lua"], in: folder)
    #expect(found.status == 1, "\(found.error)")
    #expect(
      found.output.hasPrefix(
        "VIOLATION invariant \"the far timer never fires\" does not hold after step 1 (wait(9223372036.854776))\n"
      ), "\(found.output)")
    let replay = try CommandLine.run(["run", "counterexample.lua"], in: folder)
    #expect(replay.status == 1)
    #expect(
      replay.error.contains(
        "counterexample.lua:9: invariant \"the far timer never fires\" does not hold after step 1 (wait(9223372036.854776))"
      ), "\(replay.error)")
  }

  @Test func aFileWithNamedTestsIsRefused() throws {
    let folder = try Self.write(Self.app + "test(\"t\", function() main(AppDelegate) end)\n")
    let result = try CommandLine.run(["explore", "app.lua"], in: folder)
    #expect(result.status == 2)
    #expect(result.error.contains("defines named tests"), "\(result.error)")
  }

  @Test func aScenarioThatRunsDifferentlyTwiceIsNamedAtItsFirstDifferentLine() throws {
    // With --allow-io the file counts its runs in a file: every other run goes home first.
    let folder = try Self.write(
      Self.app + """
        local f = io.open("runs", "a+") f:write("x") f:seek("set") local n = #f:read("a") f:close()
        main(AppDelegate)
        if n % 2 == 0 then device.home() end
        """)
    let result = try CommandLine.run(["explore", "app.lua", "--allow-io"], in: folder)
    #expect(result.status == 2)
    #expect(result.error.contains("is not deterministic"), "\(result.error)")
    #expect(result.error.contains("\"device home\""), "\(result.error)")
  }

  @Test func aBudgetSaysHowFarTheSearchGot() throws {
    let result = try CommandLine.run(
      ["explore", "observer-twice-fixed.lua", "--max-paths", "5"], in: Self.scripts)
    #expect(result.status == 0)
    #expect(
      result.output.hasPrefix(
        "OK    no violation so far; the search stopped at its budget: depth 0 complete, 4 of 12 paths of depth 1 run\n"
      ),
      "\(result.output)")
  }

  /// The built-in checks of UIKit's contract name what broke, in the app's words and UIKit's.
  @Test(arguments: [
    (
      "sync-alert.lua",
      """
      VIOLATION the app broke UIKit's contract after step 2 (wait(5))
        UI work in the background: the app sent presentViewController:animated:completion: to <UIViewController: 0x600000c00100> while it was in the background, where its windows are not on the screen
      path (2 events):
      """
    ),
    (
      "player-controls.lua",
      """
      VIOLATION the app broke UIKit's contract after step 3 (device.rotate("landscapeLeft"))
        Unbalanced calls to begin/end appearance transitions for <ControlsViewController: 0x600000c00180>.
      path (3 events):
      """
    ),
  ])
  func aBrokenContractIsNamedWithWhatBrokeIt(file: String, headline: String) throws {
    let result = try CommandLine.run(["explore", file], in: Self.scripts)
    #expect(result.status == 1, "\(result.error)")
    #expect(result.output.hasPrefix(headline + "\n"), "\(result.output)")
  }

  /// The timer wait is offered only while the app's process runs: a counterexample found with
  /// it replays under `lifescript run` and fails the same way.
  @Test func aTimersCounterexampleReplays() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("explore-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let output = folder.appendingPathComponent("counterexample.lua").path
    let found = try CommandLine.run(
      ["explore", "sync-alert.lua", "--output", output], in: Self.scripts)
    #expect(found.status == 1, "\(found.error)")
    let replay = try CommandLine.run(["run", output], in: folder)
    #expect(replay.status == 1)
    #expect(
      replay.error.hasPrefix(
        "the app broke UIKit's contract after step 2 (wait(5))\nUI work in the background: the app sent presentViewController:animated:completion:"
      ), "\(replay.error)")
  }

  /// The SVG of a counterexample is well-formed XML (a standard parser reads it) and draws the
  /// path's events in order, the app's work after the event that caused it.
  @Test func theCounterexampleIsDrawnAsSVG() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("explore-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let svg = folder.appendingPathComponent("counterexample.svg").path
    let result = try CommandLine.run(
      ["explore", "sync-alert.lua", "--diagram", "svg", "--diagram-output", svg],
      in: Self.scripts)
    #expect(result.status == 1, "\(result.error)")
    let parsed = try CommandLine.tool(
      [
        "python3", "-c",
        """
        import sys, xml.etree.ElementTree as ET
        root = ET.parse(sys.argv[1]).getroot()
        print(root.tag)
        texts = [t.text for t in root.iter("{http://www.w3.org/2000/svg}text")]
        for line in ("device home", "applicationDidEnterBackground:", "wait 5 s", "t = 5s"):
            print(line, texts.index(line))
        """,
        svg,
      ], in: folder)
    #expect(parsed.error == "")
    let lines = parsed.output.split(separator: "\n").map(String.init)
    #expect(lines.first == "{http://www.w3.org/2000/svg}svg", "\(parsed.output)")
    let positions = lines.dropFirst().compactMap { Int($0.split(separator: " ").last ?? "") }
    #expect(positions.count == 4 && positions == positions.sorted(), "\(parsed.output)")
  }

  @Test func theCounterexampleIsDrawnAsADiagram() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("explore-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let svg = folder.appendingPathComponent("counterexample.svg").path
    let result = try CommandLine.run(
      ["explore", "upload-task.lua", "--diagram", "svg", "--diagram-output", svg],
      in: Self.scripts)
    #expect(result.status == 1, "\(result.error)")
    let text = try String(contentsOfFile: svg, encoding: .utf8)
    #expect(text.hasPrefix("<?xml") && text.contains("<svg "))
    #expect(text.contains("AppDelegate"))
    let mermaid = try CommandLine.run(
      ["explore", "upload-task.lua", "--diagram", "mermaid"], in: Self.scripts)
    #expect(mermaid.status == 1)
    #expect(mermaid.output.contains("sequenceDiagram"))
  }

  /// The walkthrough's fixed app at depth 6: its states are few, so merging them keeps the
  /// search small.
  @Test func theWalkthroughsFixIsCleanAtDepthSix() throws {
    let result = try CommandLine.run(
      ["explore", "draft-on-terminate-fixed.lua", "--depth", "6"], in: Self.scripts)
    #expect(result.status == 0)
    #expect(result.output.hasPrefix("OK    no violation in every path of up to 6 events"))
  }

  @Test func depthZeroChecksTheStartPointOnly() throws {
    let result = try CommandLine.run(
      ["explore", "upload-task.lua", "--depth", "0"], in: Self.scripts)
    #expect(result.status == 0)
    #expect(result.output.contains("searched: 1 path run"), "\(result.output)")
  }
}
