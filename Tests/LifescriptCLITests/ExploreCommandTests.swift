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

  /// A walkthrough app whose source is not all UTF-8 (a Latin-1 byte in a string literal, as
  /// Lua takes it): the counterexample keeps its bytes as they are, and replays.
  @Test func aCounterexampleKeepsBytesThatAreNotUTF8() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("explore-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    var original = try Data(contentsOf: Self.scripts.appendingPathComponent("observer-twice.lua"))
    original.append(
      contentsOf: Array("assert(#\"caf".utf8) + [0xE9]
        + Array("\" == 4, \"the string literal lost its byte\")\n".utf8))
    try original.write(to: folder.appendingPathComponent("latin1.lua"))
    let output = folder.appendingPathComponent("counterexample.lua").path
    let found = try CommandLine.run(["explore", "latin1.lua", "--output", output], in: folder)
    #expect(found.status == 1, "\(found.error)")
    #expect(found.output.contains("counterexample: \(output)"), "\(found.error)")
    let written = try Data(contentsOf: URL(fileURLWithPath: output))
    let path = Data("explore.path { \"device.home()\", \"device.activate()\" }; ".utf8)
    #expect(written.starts(with: path + original))
    let replay = try CommandLine.run(["run", output], in: folder)
    #expect(replay.status == 1)
    #expect(
      replay.error.contains(
        "counterexample.lua:42: invariant \"a change is handled once per scene\" does not hold after step 2 (device.activate())"
      ), "\(replay.error)")
  }

  /// Lua skips a byte-order mark and then a first `#` line: the mark stays first, and the path
  /// goes after that line.
  @Test func aCounterexampleKeepsAByteOrderMarkAndAShebangFirst() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("explore-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let source = try Data(contentsOf: Self.scripts.appendingPathComponent("observer-twice.lua"))
    // The first line becomes the shebang: every line keeps its number.
    let rest = source.drop(while: { $0 != UInt8(ascii: "\n") })
    let head = Data([0xEF, 0xBB, 0xBF] + Array("#!/usr/bin/env lifescript run".utf8))
    try (head + rest).write(to: folder.appendingPathComponent("marked.lua"))
    let output = folder.appendingPathComponent("counterexample.lua").path
    let found = try CommandLine.run(["explore", "marked.lua", "--output", output], in: folder)
    #expect(found.status == 1, "\(found.error)")
    let written = try Data(contentsOf: URL(fileURLWithPath: output))
    let path = Data("explore.path { \"device.home()\", \"device.activate()\" }; ".utf8)
    #expect(written.starts(with: head + Data("\n".utf8) + path + rest.dropFirst()))
    let replay = try CommandLine.run(["run", output], in: folder)
    #expect(replay.status == 1)
    #expect(
      replay.error.contains(
        "counterexample.lua:42: invariant \"a change is handled once per scene\""),
      "\(replay.error)")
  }

  @Test(arguments: [
    (
      ["--depth", "1000"],
      "The value '1000' is invalid for '--depth <n>': expected a number of events from 0 to 64 (the paths grow as the number of events to the power of the depth)"
    ),
    (
      ["--depth", "-1"],
      "The value '-1' is invalid for '--depth <n>': expected a number of events from 0 to 64"
    ),
    (["--shard", "4/3"], "--shard takes i/n with 1 <= i <= n, like 2/3, not '4/3'"),
    // Issue 29, R23: a negative part is a value out of range, as for `test`, not a missing one.
    (["--shard", "-1/2"], "Error: --shard takes i/n with 1 <= i <= n, like 2/3, not '-1/2'\n"),
    (
      ["--max-paths", "0"],
      "The value '0' is invalid for '--max-paths <n>': expected a number of paths from 1 to 9223372036854775807"
    ),
    (
      ["--time", "nan"],
      "The value 'nan' is invalid for '--time <seconds>': expected a number of seconds greater than 0, like 30 or 0.5"
    ),
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

  /// The report without the seconds the search took, which differ from run to run.
  static func withoutTime(_ output: String) -> String {
    output.components(separatedBy: "\n").map { line in
      guard line.hasPrefix("searched: "), let range = line.range(of: " in ", options: .backwards),
        let end = line[range.upperBound...].range(of: " s")
      else { return line }
      return String(line[..<range.lowerBound] + line[end.upperBound...])
    }.joined(separator: "\n")
  }

  /// Paths run on worker processes give the report of a search in one process: the same paths
  /// in the same order, the same merged states, violation, budget and coverage.
  @Test(arguments: [
    ["observer-twice.lua"], ["deep-link.lua", "--depth", "3"],
    ["observer-twice-fixed.lua", "--depth", "3"], ["draft-on-terminate-fixed.lua", "--depth", "5"],
    ["observer-twice-fixed.lua", "--max-paths", "30"],
    ["observer-twice-fixed.lua", "--depth", "3", "--shard", "2/3"],
  ])
  func workersGiveTheReportOfOneProcess(arguments: [String]) throws {
    func explore(_ jobs: String) throws -> CommandLine.Result {
      var result = try CommandLine.run(["explore"] + arguments + ["-j", jobs], in: Self.scripts)
      result.output = Self.withoutTime(result.output)
      return result
    }
    let one = try explore("1")
    #expect(one.output.contains("searched: "))
    for jobs in ["2", "3"] {
      let many = try explore(jobs)
      #expect(many.status == one.status, "-j \(jobs): \(many.error)")
      #expect(many.output == one.output, "-j \(jobs)")
      #expect(many.error == one.error, "-j \(jobs)")
    }
  }

  /// A path over the time limit ends the search with the limit's message, naming the path, in
  /// the explorer's own process or on a worker.
  @Test func aPathOverTheTimeLimitOnAWorkerEndsTheSearch() throws {
    let folder = try Self.write(
      Self.app + """
        function AppDelegate:applicationDidEnterBackground(application) os.execute("sleep 4") end
        main(AppDelegate)
        """)
    for jobs in ["1", "2"] {
      let result = try CommandLine.run(
        ["explore", "app.lua", "--allow-io", "--timeout", "1", "-j", jobs, "--depth", "1"],
        in: folder)
      #expect(result.status == 2)
      #expect(
        result.error
          == "app.lua: time limit exceeded on one explored path (1 s of wall-clock time); raise it with --timeout\npath (1 event):\n  1. device.home()\n",
        "-j \(jobs)")
      #expect(result.output.isEmpty)
    }
  }

  @Test func badWorkerCountsAreRefused() throws {
    for count in ["0", "513", "-1", "many"] {
      let result = try CommandLine.run(
        ["explore", "upload-task.lua", "-j", count], in: Self.scripts)
      #expect(result.status == 2, "-j \(count)")
      #expect(result.error.contains("-j") || result.error.contains("jobs"), "\(result.error)")
    }
  }

  /// A worker given a job it cannot read says so and stops (it is the explorer's own process
  /// that writes jobs; this is its guard against a broken pipe's bytes).
  @Test func aWorkerRefusesAMalformedExploreJob() throws {
    for job in ["garbage", "1", "1\tx", "1\t-\tonlyname", "x\t-"] {
      let result = try CommandLine.run(
        ["worker", "--explore", "upload-task.lua"], in: Self.scripts, input: job + "\n")
      #expect(result.status == 2, "\(job)")
      #expect(result.error.hasPrefix("lifescript worker: malformed explore job: "), "\(job)")
    }
  }

  /// A limit met on a path ends the search, naming the path, with any number of workers.
  @Test func aLimitOnAPathIsReportedWithThePath() throws {
    let folder = try Self.write(
      Self.app + """
        local away = false
        function AppDelegate:applicationDidEnterBackground(application) away = true end
        invariant("allocates once the app is away", function()
          if away then local t = {} while true do t[#t + 1] = string.rep("x", 1000) end end
          return true
        end)
        main(AppDelegate)
        """)
    for jobs in ["1", "2"] {
      let result = try CommandLine.run(
        ["explore", "app.lua", "--max-memory", "8M", "-j", jobs], in: folder)
      #expect(result.status == 2)
      #expect(result.output.isEmpty)
      #expect(
        result.error.hasPrefix(
          """
          lifescript explore: app.lua fails on a path, so the search cannot go on:
          path (1 event):
            1. device.home()
          app.lua:6: memory limit exceeded (8 MiB); raise it with --max-memory
          """), "-j \(jobs): \(result.error)")
    }
    let early = try Self.write(Self.app + "main(AppDelegate)\nerror(\"not ready\")\n")
    let start = try CommandLine.run(["explore", "app.lua"], in: early)
    #expect(start.status == 2)
    #expect(
      start.error.hasPrefix(
        "lifescript explore: app.lua fails before any event is tried:\napp.lua:4: not ready\n"),
      "\(start.error)")
  }

  /// A finalizer a limit stops as a path's Lua state closes fails the path, as it fails
  /// `lifescript run` of the file (issue 29, R7): explore said "no violation".
  @Test func aFinalizerStoppedAtCloseFailsThePath() throws {
    let folder = try Self.write(
      "kept = setmetatable({}, { __gc = function() while true do end end })\n" + Self.app
        + "main(AppDelegate)\n")
    for jobs in ["1", "2"] {
      let result = try CommandLine.run(
        ["explore", "app.lua", "--max-instructions", "100000", "--depth", "1", "-j", jobs],
        in: folder)
      #expect(result.status == 2)
      #expect(
        result.error.hasPrefix(
          "lifescript explore: app.lua fails before any event is tried:\napp.lua:1: instruction limit exceeded (100000 instructions); raise it with --max-instructions\n"
        ), "-j \(jobs): \(result.error)")
    }
  }

  /// A worker that dies on a path ends the search with exit status 2, naming the path and how
  /// the worker ended.
  @Test func aWorkerThatDiesOnAPathIsReportedWithThePath() throws {
    let folder = try Self.write(
      Self.app + """
        function AppDelegate:applicationDidEnterBackground(application)
          os.execute("kill -SEGV $PPID; sleep 1")
        end
        main(AppDelegate)
        """)
    let result = try CommandLine.run(
      ["explore", "app.lua", "--allow-io", "-j", "2", "--depth", "1"], in: folder)
    #expect(result.status == 2)
    #expect(result.output.isEmpty)
    #expect(
      result.error.hasSuffix(
        "lifescript explore: the path device.home(): the worker process running this scenario crashed with signal 11 (SIGSEGV)\n"
      ), "\(result.error)")
  }
}
