import AppLifecycle
import Foundation
import Testing

@testable import LifescriptCLI

/// Durations differ from run to run; everything else in a suite's text report is pinned.
private func normalized(_ text: String) -> String {
  text.replacingOccurrences(of: #"\(\d+ ms\)"#, with: "(… ms)", options: .regularExpression)
    .replacingOccurrences(of: #" in \d+\.\d\d s"#, with: " in … s", options: .regularExpression)
}

private func lastLine(_ text: String) -> String {
  text.split(separator: "\n").last.map(String.init) ?? ""
}

@Suite struct SuiteCommandTests {
  @Test func aFailingSuiteIsReportedExactly() throws {
    let result = try CommandLine.run(["test", "-j", "1", "suite"])
    #expect(result.status == 2, "a script error outranks an expectation failure")
    #expect(result.error == "")
    #expect(
      normalized(result.output) == """
        lifescript test: 6 scenarios on 1 worker
        suite/a/same.lua | a
        PASS  suite/a/same.lua (… ms)
        suite/b/same.lua | b
        PASS  suite/b/same.lua (… ms)
        ERROR  suite/broken.lua (… ms)
            suite/broken.lua:5: attempt to index a nil value (local 'settings')
            (in AppDelegate.application:didFinishLaunchingWithOptions: at 0s of virtual time)
            stack traceback:
            \tsuite/broken.lua:5: in function <suite/broken.lua:3>
            \t[C]: in function 'main'
            \tsuite/broken.lua:7: in main chunk
        FAIL  suite/fails.lua (… ms)
            suite/fails.lua:14: expect.events: SceneDelegate.sceneDidBecomeActive: came 2 lines later than expected (− expected, + actual)
              AppDelegate.application:configurationForConnectingSceneSession:options:
            − SceneDelegate.sceneDidBecomeActive:
              SceneDelegate.scene:willConnectToSession:options:
              SceneDelegate.sceneWillEnterForeground:
            + SceneDelegate.sceneDidBecomeActive:
            first difference at line 2: expected SceneDelegate.sceneDidBecomeActive:, got SceneDelegate.scene:willConnectToSession:options:
        PASS  suite/passes.lua (… ms)
        suite/prints.lua | launching
        suite/prints.lua | launched
        PASS  suite/prints.lua (… ms)

        Failed:
          suite/broken.lua:5
          suite/fails.lua:14
        6 scenarios in … s
        4 passed, 2 failed

        """)
  }

  @Test func onlyAnExpectationFailureExitsOne() throws {
    let result = try CommandLine.run(["test", "suite/fails.lua", "suite/passes.lua"])
    #expect(result.status == 1)
    #expect(lastLine(result.output) == "1 passed, 1 failed")
  }

  @Test func aFailedAssertIsAFailureWithItsLine() throws {
    let result = try CommandLine.run([
      "test", "-j", "1", "assert-in-callback.lua", "assert-wrapped.lua",
    ])
    #expect(result.status == 2, "the wrapped assert is an error of the script")
    let output = normalized(result.output)
    #expect(
      output.contains(
        """
        FAIL  assert-in-callback.lua (… ms)
            assert-in-callback.lua:6: assertion failed!
            (in AppDelegate.application:didFinishLaunchingWithOptions: at 0s of virtual time)
        ERROR  assert-wrapped.lua (… ms)
        """))
    let alone = try CommandLine.run(["test", "assert-failure.lua"])
    #expect(alone.status == 1)
    #expect(lastLine(alone.output) == "0 passed, 1 failed")
  }

  /// Output larger than a pipe's buffer reaches the parent in several reads, cut anywhere: a
  /// character cut in two must come out whole, not as two U+FFFD.
  @Test func multibyteOutputSplitAcrossPipeReadsStaysWhole() throws {
    let folder = try scratchFolder()
    try """
    print("x" .. string.rep("é", 300000))
    print("y" .. string.rep("€", 200000))
    error("show the output")
    """.write(
      to: folder.appendingPathComponent("split.lua"), atomically: true, encoding: .utf8)
    let result = try CommandLine.run(["test", "."], in: folder)
    #expect(result.status == 2)
    #expect(result.output.filter { $0 == "\u{FFFD}" }.count == 0)
    #expect(result.output.filter { $0 == "é" }.count == 300_000)
    #expect(result.output.filter { $0 == "€" }.count == 200_000)
  }

  @Test func aPassingSuiteExitsZeroWithTheClosingLineLast() throws {
    let result = try CommandLine.run(["test", "--skip", "broken", "--skip", "fails", "suite"])
    #expect(result.status == 0)
    #expect(result.output.hasSuffix("\n4 passed, 0 failed\n"))
  }

  @Test func crashesHangsAndExitsFailOnlyTheirScenario() throws {
    let result = try CommandLine.run([
      "test", "-j", "1", "--allow-io", "--max-instructions", "none", "--timeout", "1",
      "suite-hostile",
    ])
    #expect(result.status == 2)
    #expect(
      normalized(result.output) == """
        lifescript test: 4 scenarios on 1 worker
        suite-hostile/exits.lua | leaving
        ERROR  suite-hostile/exits.lua (… ms)
            suite-hostile/exits.lua: the scenario ended its worker process (exit status 3) before it finished; scenarios must not exit the process (os.exit)
        ERROR  suite-hostile/hangs.lua (… ms)
            suite-hostile/hangs.lua: time limit exceeded (1 s of wall-clock time); raise it with --timeout
        suite-hostile/killed.lua | about to be killed
        ERROR  suite-hostile/killed.lua (… ms)
            suite-hostile/killed.lua: the worker process running this scenario was killed by signal 9 (SIGKILL)
        PASS  suite-hostile/survives.lua (… ms)

        Failed:
          suite-hostile/exits.lua
          suite-hostile/hangs.lua
          suite-hostile/killed.lua
        4 scenarios in … s
        1 passed, 3 failed

        """)
  }

  /// A crash is an error named as one, never a pass or a failed expectation; Swift's crash
  /// handler, on unless the user sets SWIFT_BACKTRACE, is off in workers, so a worker sent
  /// SIGSEGV dies of it.
  @Test func aCrashedWorkerIsReportedAsACrash() throws {
    // Under AddressSanitizer (.ci/run), its own SIGSEGV handler would end the worker with
    // status 1 instead (aWorkersEndIsDescribedByHowItCame has that case).
    let asan = ProcessInfo.processInfo.environment["ASAN_OPTIONS"].map { $0 + ":" } ?? ""
    let result = try CommandLine.run(
      ["test", "-j", "1", "--allow-io", "suite-crashes"],
      launcher: ["/usr/bin/env", "-u", "SWIFT_BACKTRACE", "ASAN_OPTIONS=\(asan)handle_segv=0"])
    #expect(result.status == 2)
    let lines = result.output.split(separator: "\n", omittingEmptySubsequences: false).filter {
      !$0.hasPrefix("suite-crashes/aborts.lua | ") && !$0.hasPrefix("suite-crashes/segv.lua | ")
    }
    #expect(
      normalized(lines.joined(separator: "\n")) == """
        lifescript test: 3 scenarios on 1 worker
        ERROR  suite-crashes/aborts.lua (… ms)
            suite-crashes/aborts.lua: the worker process running this scenario crashed with signal 6 (SIGABRT)
        ERROR  suite-crashes/segv.lua (… ms)
            suite-crashes/segv.lua: the worker process running this scenario crashed with signal 11 (SIGSEGV)
        suite-crashes/survives.lua | still here
        PASS  suite-crashes/survives.lua (… ms)

        Failed:
          suite-crashes/aborts.lua
          suite-crashes/segv.lua
        3 scenarios in … s
        1 passed, 2 failed

        """)
    #expect(!result.output.contains("never printed"))
  }

  /// `lifescript run` with Swift's crash handler on (its default): a process sent SIGSEGV
  /// dies of it rather than carry on and pass, and a crash of its own still goes through the
  /// handler, whose report comes first.
  @Test(arguments: [("segv.lua", 128 + SIGSEGV), ("aborts.lua", 128 + SIGABRT)])
  func runDiesOfACrashSignal(file: String, status: Int32) throws {
    let asan = ProcessInfo.processInfo.environment["ASAN_OPTIONS"].map { $0 + ":" } ?? ""
    let result = try CommandLine.run(
      ["run", "--allow-io", "suite-crashes/\(file)"],
      launcher: ["/usr/bin/env", "-u", "SWIFT_BACKTRACE", "ASAN_OPTIONS=\(asan)handle_segv=0"])
    #expect(result.status == status)
    #expect(!result.output.contains("never printed"))
  }

  /// An exit status the worker did not give through `exit` (a sanitizer's report ends the
  /// process with status 1) is a crash, not the scenario's `os.exit`.
  @Test func aWorkersEndIsDescribedByHowItCame() {
    let name = "launch.lua"
    #expect(
      WorkerProcess.describeEnd(of: name, status: 1 << 8, exitedThroughExit: false)
        == "launch.lua: the worker process running this scenario crashed (exit status 1, given by a crash handler or a sanitizer, not by exit; its report is in the error output)"
    )
    #expect(
      WorkerProcess.describeEnd(of: name, status: 3 << 8, exitedThroughExit: true)
        == "launch.lua: the scenario ended its worker process (exit status 3) before it finished; scenarios must not exit the process (os.exit)"
    )
    #expect(
      WorkerProcess.describeEnd(of: name, status: SIGILL, exitedThroughExit: false)
        == "launch.lua: the worker process running this scenario crashed with signal 4 (SIGILL)")
    #expect(
      WorkerProcess.describeEnd(of: name, status: SIGKILL, exitedThroughExit: false)
        == "launch.lua: the worker process running this scenario was killed by signal 9 (SIGKILL)")
  }

  @Test(arguments: [
    (["test", "no-such-folder"], "lifescript test: no-such-folder: no such file or folder\n"),
    (["test", "files"], "lifescript test: no scenarios in files: it has no *.lua files\n"),
    (
      ["test", "--filter", "nothing-like-this", "suite"],
      "lifescript test: no scenarios left after --filter nothing-like-this (of 6 scenarios found)\n"
    ),
    (
      ["test", "--output", "no-such-folder/report.xml", "suite"],
      "lifescript test: cannot write no-such-folder/report.xml: the folder no-such-folder does not exist\n"
    ),
    (
      ["test", "--output", "files", "suite"],
      "lifescript test: cannot write files: it is a directory\n"
    ),
  ])
  func badPathsExitTwoWithAClearMessage(arguments: [String], message: String) throws {
    let result = try CommandLine.run(arguments)
    #expect(result.status == 2)
    #expect(result.error == message)
    #expect(result.output == "", "no '0 passed' for a suite that did not run")
  }

  /// `-j1` as make and xcodebuild take it, as well as `-j 1`, `--jobs 1` and `--jobs=1`.
  @Test(arguments: [
    (["-j1"], "1 worker"), (["-j", "1"], "1 worker"), (["--jobs=1"], "1 worker"),
    (["--jobs", "1"], "1 worker"), (["-j2"], "2 workers"), (["--jobs=2"], "2 workers"),
  ])
  func jobsAreGivenJoinedOrApart(jobs: [String], workers: String) throws {
    let result = try CommandLine.run(["test"] + jobs + ["--filter", "same", "suite"])
    #expect(result.error == "")
    #expect(result.status == 0)
    #expect(
      result.output.hasPrefix("lifescript test: 2 scenarios on \(workers)\n"), "\(result.output)")
  }

  @Test(arguments: [
    (
      ["test", "--shard", "4/3", "suite"], "--shard takes i/n with 1 <= i <= n, like 2/3, not '4/3'"
    ),
    (
      ["test", "-j", "0", "suite"],
      "The value '0' is invalid for '-j <n>': expected a number of workers from 1 to 512"
    ),
    (
      ["test", "-j0", "suite"],
      "The value '0' is invalid for '-j <n>': expected a number of workers from 1 to 512"
    ),
    (
      ["test", "-jx", "suite"],
      "The value 'x' is invalid for '-j <n>': expected a number of workers from 1 to 512"
    ),
    (
      ["test", "--repeat", "0", "suite"],
      "The value '0' is invalid for '--repeat <n>': expected a count from 1 to 9223372036854775807"
    ),
    (["test", "--format", "xml", "suite"], "The value 'xml' is invalid for '--format <format>'"),
    (
      ["test"], "lifescript test: no paths, and no lifescript.lua in the current folder or above it"
    ),
  ])
  func badOptionsAreUsageErrors(arguments: [String], message: String) throws {
    let result = try CommandLine.run(arguments)
    #expect(result.status == 2)
    #expect(result.error.contains(message), "\(result.error)")
  }

  @Test func shardsSplitTheSuiteIntoDisjointPartsThatMakeItWhole() throws {
    let root = CommandLine.repository
    let all = try CommandLine.run(["test", "--list", "Scripts"], in: root).output
      .split(separator: "\n").map(String.init)
    #expect(all.count > 10)
    var union: [String] = []
    for index in 1...3 {
      let result = try CommandLine.run(
        ["test", "--list", "--shard", "\(index)/3", "Scripts"], in: root)
      #expect(result.status == 0)
      union += result.output.split(separator: "\n").map(String.init)
    }
    #expect(union == all, "each scenario once, in order")
    // And run: each shard's closing line adds up to the whole suite's (a file's named tests
    // count one each).
    let whole = try CommandLine.run(["test", "Scripts"], in: root)
    var passed = 0
    for index in 1...3 {
      let result = try CommandLine.run(["test", "--shard", "\(index)/3", "Scripts"], in: root)
      #expect(result.status == 0, "\(result.output)")
      let counts = lastLine(result.output).split(separator: " ")
      passed += Int(counts[0]) ?? 0
    }
    #expect(passed == Int(lastLine(whole.output).split(separator: " ")[0]))
    // --list names each case the run reports, a named test as `path › name`: passed, failed,
    // skipped and known issues together.
    let cases = lastLine(whole.output).split(separator: ",").compactMap {
      Int($0.split(separator: " ")[0])
    }
    #expect(cases.reduce(0, +) == all.count, "\(lastLine(whole.output))")
  }

  @Test func anEmptyShardPasses() throws {
    let result = try CommandLine.run(["test", "--shard", "1/7", "suite/a"])
    #expect(result.status == 0)
    #expect(
      result.output.hasPrefix(
        "lifescript test: shard 1/7 has no scenarios (the suite has 1)\n\n0 scenarios in "),
      "\(result.output)")
    #expect(lastLine(result.output) == "0 passed, 0 failed")
    #expect(result.error == "")
  }

  @Test func shardsSplitWhatTheFiltersLeave() throws {
    // 6 scenarios, 2 named `same`: sharding first gave shard 1/2 both and shard 2/2 none,
    // which failed with "no scenarios left".
    func listed(_ shard: String) throws -> [String] {
      try CommandLine.run(["test", "--list", "--filter", "same", "--shard", shard, "suite"])
        .output.split(separator: "\n").map(String.init)
    }
    #expect(try listed("1/2") == ["suite/a/same.lua"])
    #expect(try listed("2/2") == ["suite/b/same.lua"])
    let skipped = try CommandLine.run(
      ["test", "--list", "--skip", "same", "--skip", "broken", "--shard", "1/3", "suite"])
    #expect(skipped.output == "suite/fails.lua\n")
    let run = try CommandLine.run(["test", "--filter", "same", "--shard", "2/2", "suite"])
    #expect(run.status == 0, "\(run.output)\(run.error)")
    #expect(run.output.hasPrefix("lifescript test: 1 scenario (shard 2/2) on 1 worker\n"))
    #expect(lastLine(run.output) == "1 passed, 0 failed")
  }

  @Test func anEmptyShardAfterTheFiltersPassesWithANote() throws {
    let result = try CommandLine.run(["test", "--filter", "same", "--shard", "1/3", "suite"])
    #expect(result.status == 0, "\(result.output)\(result.error)")
    #expect(
      result.output.hasPrefix(
        "lifescript test: shard 1/3 has no scenarios (the suite has 2 after --filter/--skip)\n"))
    #expect(lastLine(result.output) == "0 passed, 0 failed")
    // Filters that leave nothing are still a mistake, shard or not.
    let none = try CommandLine.run(["test", "--filter", "nothing", "--shard", "1/2", "suite"])
    #expect(none.status == 2)
    #expect(
      none.error
        == "lifescript test: no scenarios left after --filter nothing (of 6 scenarios found)\n")
  }

  @Test func anEmptyShardWritesAValidMachineReport() throws {
    let arguments = ["test", "--filter", "same", "--shard", "1/3", "suite"]
    let tap = try CommandLine.run(arguments + ["--format", "tap"])
    #expect(tap.status == 0)
    #expect(
      tap.output
        == "TAP version 13\n1..0 # SKIP shard 1/3 has no scenarios (the suite has 2 after --filter/--skip)\n# 0 passed, 0 failed\n"
    )
    #expect(
      tap.error
        == "lifescript test: shard 1/3 has no scenarios (the suite has 2 after --filter/--skip)\n")
    let folder = try scratchFolder()
    let report = folder.appendingPathComponent("empty.tap").path
    try tap.output.write(toFile: report, atomically: true, encoding: .utf8)
    let proved = try CommandLine.tool(["prove", "--exec", "cat", report], in: folder)
    #expect(proved.status == 0, "\(proved.output)\(proved.error)")
    #expect(proved.output.contains("skipped: shard 1/3 has no scenarios"), "\(proved.output)")

    let json = try CommandLine.run(arguments + ["--format", "json"])
    #expect(json.status == 0)
    let records = try json.output.split(separator: "\n").map {
      try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
    }
    #expect(records.map { $0["type"] as? String } == ["suite", "summary"])
    #expect(records[0]["scenarios"] as? Int == 0)
    #expect(
      records[0]["note"] as? String
        == "shard 1/3 has no scenarios (the suite has 2 after --filter/--skip)")
    #expect(records[1]["exit_status"] as? Int == 0)

    let xml = folder.appendingPathComponent("empty.xml").path
    let junit = try CommandLine.run(arguments + ["--format", "junit", "--output", xml])
    #expect(junit.status == 0)
    #expect(junit.output.hasPrefix("lifescript test: shard 1/3 has no scenarios"))
    let written = try String(contentsOfFile: xml, encoding: .utf8)
    #expect(
      written.contains("<testsuites name=\"lifescript\" tests=\"0\" failures=\"0\" errors=\"0\""))
  }

  @Test func shuffleIsReproducibleFromThePrintedSeed() throws {
    let first = try CommandLine.run(["test", "--shuffle", "--skip", "broken", "suite"])
    let header = first.output.split(separator: "\n").first.map(String.init) ?? ""
    let seed = try #require(header.split(separator: " ").last.map(String.init))
    #expect(header.hasPrefix("lifescript test: 5 scenarios on "))
    #expect(header.contains("shuffled with --seed \(seed)"))
    let orders = try (0..<2).map { _ in
      try CommandLine.run(["test", "--list", "--shuffle", "--seed", "7", "suite"]).output
    }
    #expect(orders[0] == orders[1])
    let other = try CommandLine.run(["test", "--list", "--shuffle", "--seed", "8", "suite"]).output
    let sorted = try CommandLine.run(["test", "--list", "suite"]).output
    #expect(Set(orders[0].split(separator: "\n")) == Set(sorted.split(separator: "\n")))
    #expect(orders[0] != sorted || other != sorted, "some seed changes the order")
  }

  @Test func repeatRunsTheSuiteAgainAndFailFastSkipsTheRest() throws {
    let repeated = try CommandLine.run(["test", "--repeat", "3", "suite/a", "suite/passes.lua"])
    #expect(repeated.status == 0)
    #expect(lastLine(repeated.output) == "6 passed, 0 failed")
    #expect(repeated.output.contains("PASS  suite/passes.lua (round 3)"))

    let stopped = try CommandLine.run(["test", "-j", "1", "--fail-fast", "suite"])
    #expect(stopped.status == 2)
    #expect(lastLine(stopped.output) == "2 passed, 1 failed, 3 skipped")
    #expect(
      stopped.output.contains("SKIP  suite/fails.lua (not run: --fail-fast stopped the suite)"))
  }

  @Test func filterAndSkipTakeTextOrGlobs() throws {
    func listed(_ arguments: [String]) throws -> [String] {
      try CommandLine.run(["test", "--list"] + arguments + ["suite"]).output.split(separator: "\n")
        .map(String.init)
    }
    #expect(try listed(["--filter", "same"]) == ["suite/a/same.lua", "suite/b/same.lua"])
    #expect(try listed(["--filter", "p*s"]) == ["suite/passes.lua", "suite/prints.lua"])
    #expect(try listed(["--filter", "suite/*/same.lua", "--skip", "b/"]) == ["suite/a/same.lua"])
  }

  @Test func junitIsReadByAStandardXMLParser() throws {
    let folder = try scratchFolder()
    let report = folder.appendingPathComponent("report.xml").path
    let result = try CommandLine.run(["test", "--format", "junit", "--output", report, "suite"])
    #expect(result.status == 2)
    #expect(lastLine(result.output) == "4 passed, 2 failed", "the text report still shows")
    let parsed = try CommandLine.tool(
      [
        "python3", "-c",
        """
        import sys, xml.etree.ElementTree as ET
        root = ET.parse(sys.argv[1]).getroot()
        print(root.tag, root.get("tests"), root.get("failures"), root.get("errors"))
        for case in root.iter("testcase"):
            outcome = [child.tag for child in case if child.tag in ("failure", "error", "skipped")]
            print(case.get("classname"), case.get("name"), outcome[0] if outcome else "passed")
        failure = root.find(".//failure")
        print(failure.get("message"))
        print(failure.text.splitlines()[2])
        """,
        report,
      ], in: folder)
    #expect(parsed.error == "")
    #expect(
      parsed.output == """
        testsuites 6 1 1
        suite.a same passed
        suite.b same passed
        suite broken error
        suite fails failure
        suite passes passed
        suite prints passed
        suite/fails.lua:14: expect.events: SceneDelegate.sceneDidBecomeActive: came 2 lines later than expected (− expected, + actual)
        − SceneDelegate.sceneDidBecomeActive:

        """)
  }

  @Test func tapIsReadByATAPConsumer() throws {
    let folder = try scratchFolder()
    let report = folder.appendingPathComponent("report.tap").path
    let result = try CommandLine.run(["test", "--format", "tap", "--output", report, "suite"])
    #expect(result.status == 2)
    let tap = try String(contentsOfFile: report, encoding: .utf8)
    #expect(tap.hasPrefix("TAP version 13\n1..6\nok 1 - suite/a/same.lua\n"))
    #expect(tap.hasSuffix("# 4 passed, 2 failed\n"))
    // prove (Perl's TAP::Harness) reads the report as a test's output.
    let proved = try CommandLine.tool(
      ["prove", "--verbose", "--exec", "cat", report], in: folder)
    #expect(proved.output.contains("Failed 2/6 subtests"), "\(proved.output)\(proved.error)")
    #expect(!proved.output.contains("Parse errors"), "\(proved.output)")
  }

  @Test func jsonLinesCarryTheWholeTrace() throws {
    let result = try CommandLine.run([
      "test", "--format", "json", "suite/passes.lua", "suite/fails.lua",
    ])
    #expect(result.status == 1)
    let records = try result.output.split(separator: "\n").map {
      try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
    }
    #expect(records.map { $0["type"] as? String } == ["suite", "scenario", "scenario", "summary"])
    let passes = records[2]
    #expect(passes["path"] as? String == "suite/passes.lua")
    #expect(passes["status"] as? String == "passed")
    let trace = try #require(passes["trace"] as? [String])
    #expect(trace.first == "screen launch: none (letterboxed, legacy compatibility size)")
    #expect(trace.contains("SceneDelegate.sceneDidEnterBackground:"))
    #expect(records[1]["location"] as? String == "suite/fails.lua:14")
    #expect(records[3]["exit_status"] as? Int == 1)
  }

  @Test func jsonCountsFailuresAndErrorsApart() throws {
    // The suite has 4 passing scenarios, a failed expectation (fails.lua) and a script error
    // (broken.lua): the text report's closing line counts both as failed, JSON counts them apart.
    let result = try CommandLine.run(["test", "--format", "json", "suite"])
    #expect(result.status == 2)
    let records = try result.output.split(separator: "\n").map {
      try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
    }
    let statuses = records.filter { $0["type"] as? String == "scenario" }.compactMap {
      $0["status"] as? String
    }
    #expect(statuses.sorted() == ["error", "failed", "passed", "passed", "passed", "passed"])
    let summary = try #require(records.last)
    #expect(summary["type"] as? String == "summary")
    #expect(summary["passed"] as? Int == 4)
    #expect(summary["failed"] as? Int == 1)
    #expect(summary["errors"] as? Int == 1)
    #expect(summary["skipped"] as? Int == 0)
    #expect(summary["exit_status"] as? Int == 2)
    let text = try CommandLine.run(["test", "suite"])
    #expect(lastLine(text.output) == "4 passed, 2 failed")
  }

  private func scratchFolder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("lifescript-suite-" + UUID().uuidString)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }
}

@Suite struct SuitePlanTests {
  @Test func shardsAreContiguousBalancedAndWhole() throws {
    for total in 0...20 {
      let items = Array(0..<total)
      for count in 1...7 {
        let shares = (1...count).map { Shard("\($0)/\(count)")!.share(of: items) }
        #expect(shares.flatMap { $0 } == items)
        let sizes = shares.map(\.count)
        #expect((sizes.max() ?? 0) - (sizes.min() ?? 0) <= 1)
      }
    }
  }

  @Test(arguments: ["0/3", "4/3", "1/0", "a/b", "1", "1/2/3", "", "-1/2"])
  func malformedShardsAreRefused(text: String) {
    #expect(Shard(text) == nil)
  }

  @Test func theShuffleIsFixedForASeed() {
    var generator = SplitMix64(seed: 0)
    // SplitMix64's published first outputs for seed 0.
    #expect(generator.next() == 0xE220_A839_7B1D_CDAF)
    #expect(generator.next() == 0x6E78_9E6A_A1B9_65F4)
  }

  /// `--repeat` makes each run when it is asked for: a plan of 3 × (Int.max / 3) runs takes no
  /// memory, and any run of it is the right file and round.
  @Test func runsAreMadeAsTheyAreAskedFor() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("lazy-plan-\(getpid())").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    for name in ["a", "b", "c"] {
      try "".write(toFile: "\(folder)/\(name).lua", atomically: true, encoding: .utf8)
    }
    var options = SuitePlan.Options()
    options.repeats = Int.max / 3
    let plan = try SuitePlan(paths: [folder], options: options)
    #expect(plan.jobs.count == 3 * (Int.max / 3))
    #expect(plan.jobs[4] == SuiteJob(index: 4, path: "\(folder)/b.lua", round: 2))
    let last = plan.jobs.count - 1
    #expect(plan.jobs[last] == SuiteJob(index: last, path: "\(folder)/c.lua", round: Int.max / 3))
    #expect(Array(plan.jobs.prefix(3)).map(\.round) == [1, 1, 1])
    options.repeats = Int.max / 3 + 1
    #expect(throws: SuiteUsageError.self) { try SuitePlan(paths: [folder], options: options) }
  }

  @Test func namesAndFolders() {
    #expect(SuitePlan.name(of: "Scripts/regression/open-url.lua") == "open-url")
    #expect(
      SuiteJob(index: 0, path: "Scripts/regression/open-url.lua").folder == "Scripts/regression")
    #expect(SuiteJob(index: 0, path: "x.lua").folder == ".")
  }
}

@Suite struct ReportEncodingTests {
  @Test func outcomesSurviveTheWire() {
    let outcome = ScenarioOutcome(
      status: .failed, failure: "x.lua:3: nope\nwith\nlines and \u{0} NUL",
      trace: ["new UIApplication", "log two\nlines", ""],
      warnings: [
        Warning(.luaWarn, "two\nlines"),
        Warning(.misspelledMethod, "near", location: "x.lua:2"),
      ])
    #expect(ScenarioOutcome(decoding: outcome.encoded[...]) == outcome)
    #expect(ScenarioOutcome(decoding: Array("status 6\npassed".utf8)[...]) == nil)
    #expect(ScenarioOutcome(decoding: Array("status 99\npassed\n".utf8)[...]) == nil)
  }

  @Test func jsonStringsEscapeEverythingTheyMust() {
    #expect(JSON.string("a\"b\\c\nd\u{1}\u{2028}é") == #""a\"b\\c\nd\u0001\u2028é""#)
  }

  @Test func xmlKeepsHostileTextWellFormed() {
    #expect(XML.text("<script>&]]>\u{7}") == "&lt;script&gt;&amp;]]&gt;\u{FFFD}")
    #expect(XML.attribute("a\"b\nc") == "\"a&quot;b&#10;c\"")
  }

  @Test func tapDescriptionsCannotStartADirective() {
    let reporter = TAPReporter()
    reporter.begin(SuiteHeader(scenarios: 1, jobs: 1, workers: 1, repeats: 1))
    let report = ScenarioReport(
      job: SuiteJob(index: 0, path: "odd # name.lua"), status: .passed)
    var summary = SuiteSummary()
    summary.count(report)
    #expect(
      reporter.finish([report], summary)
        == "TAP version 13\n1..1\nok 1 - odd \\# name.lua\n# 1 passed, 0 failed\n")
  }

  @Test func colourMarksDiffLinesOnlyWhenEnabled() {
    let text = "headline\n− gone\n+ came\n  same"
    #expect(Colour(enabled: false).diff(text) == text)
    #expect(
      Colour(enabled: true).diff(text)
        == "headline\n\u{1B}[31m− gone\u{1B}[0m\n\u{1B}[32m+ came\u{1B}[0m\n  same")
  }
}

@Suite struct SuiteRecordingTests {
  @Test func recordWritesGoldenTracesAndSaysWhichThenTheyHold() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("lifescript-record-" + UUID().uuidString)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.copyItem(
      at: CommandLine.repository.appendingPathComponent("Scripts/regression/golden-scenes.lua"),
      to: folder.appendingPathComponent("golden-scenes.lua"))

    let missing = try CommandLine.run(["test", "."], in: folder)
    #expect(missing.status == 1)
    #expect(
      missing.output.contains(
        "golden-scenes.lua:41: expect.golden: no golden trace at golden-scenes.launch.trace yet; record it with --record"
      ), "\(missing.output)")

    let recorded = try CommandLine.run(["test", "--record", "."], in: folder)
    #expect(recorded.status == 0)
    #expect(
      normalized(recorded.output) == """
        lifescript test: 1 scenario on 1 worker
        PASS  golden-scenes.lua (… ms)
            recorded golden-scenes.launch.trace (new, 26 lines)
            recorded golden-scenes.trace (new, 44 lines)

        1 scenario in … s
        golden traces: 2 recorded, 0 updated
        1 passed, 0 failed

        """)

    let holds = try CommandLine.run(["test", "."], in: folder)
    #expect(holds.status == 0)
    #expect(!holds.output.contains("golden traces"))
  }
}

/// Colour on a terminal (a pseudo-terminal from util-linux's `script`), none with NO_COLOR.
@Suite(.enabled(if: CommandLine.find("script") != nil, "needs script(1) for a pseudo-terminal"))
struct TerminalColourTests {
  func onATerminal(_ arguments: String, noColour: Bool) throws -> String {
    let environment = noColour ? "env NO_COLOR=1" : "env -u NO_COLOR"
    let command = "\(environment) \(CommandLine.executable.path) \(arguments)"
    return try CommandLine.tool(["script", "-qec", command, "/dev/null"], in: CommandLine.fixtures)
      .output
  }

  @Test func runColoursTheDiffOnATerminal() throws {
    let coloured = try onATerminal("run events-later.lua", noColour: false)
    #expect(coloured.contains("\u{1B}[31m− applicationDidEnterBackground:\u{1B}[0m"))
    #expect(coloured.contains("\u{1B}[32m+ AppDelegate.applicationDidEnterBackground:\u{1B}[0m"))
    let plain = try onATerminal("run events-later.lua", noColour: true)
    #expect(!plain.contains("\u{1B}["))
    #expect(plain.contains("− applicationDidEnterBackground:"))
  }

  @Test func testColoursItsLabelsAndClosingLine() throws {
    let coloured = try onATerminal("test suite/fails.lua suite/passes.lua", noColour: false)
    #expect(coloured.contains("\u{1B}[31mFAIL\u{1B}[0m  suite/fails.lua"))
    #expect(coloured.contains("\u{1B}[32mPASS\u{1B}[0m  suite/passes.lua"))
    #expect(coloured.contains("\u{1B}[31m1 passed, 1 failed\u{1B}[0m"))
    let plain = try onATerminal("test suite/fails.lua suite/passes.lua", noColour: true)
    #expect(!plain.contains("\u{1B}["))
  }
}

/// Where `WorkerProcess.drain` cuts what a pipe read returned, to keep a character whole.
@Suite struct WholeCharacterPrefixTests {
  @Test(
    arguments: [
      ([UInt8](), 0),
      (Array("abc".utf8), 3),
      (Array("aé".utf8), 3),
      (Array("aé".utf8).dropLast(), 1),
      (Array("a€".utf8).dropLast(), 1),
      (Array("a€".utf8).dropLast(2), 1),
      (Array("a😀".utf8).dropLast(), 1),
      (Array("a😀".utf8).dropLast(3), 1),
      (Array("a😀".utf8), 5),
      // Invalid UTF-8 is not held back: stray continuations, a byte no sequence starts with.
      ([0x61, 0x80, 0x80, 0x80, 0x80], 5),
      ([0x61, 0xFF], 2),
      ([0xC0], 1),
      // A lead byte whose sequence already ended in an invalid way is not waited on either.
      ([0xE2, 0x82, 0x41], 3),
    ] as [([UInt8], Int)])
  func cutsOnlyACharacterItsEndBegins(bytes: [UInt8], whole: Int) {
    #expect(WorkerProcess.wholeCharacterPrefix(bytes) == whole)
  }
}
