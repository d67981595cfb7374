import Foundation
import Testing

/// Options at their extremes: each is a clear answer or a usage error, never a crash.
@Suite struct HostileCommandLineTests {
  @Test func aShardNearIntMaxTakesItsPartWithoutOverflowing() throws {
    let largest = "9223372036854775807"
    let last = try CommandLine.run(["test", "--list", "--shard", "\(largest)/\(largest)", "suite"])
    #expect(last.error == "")
    #expect(last.status == 0)
    #expect(last.output == "suite/prints.lua\n")
    let first = try CommandLine.run(["test", "--list", "--shard", "1/\(largest)", "suite"])
    #expect(first.status == 0)
    #expect(first.output == "")
  }

  /// A run's index must be countable: more runs than `Int.max` is a usage error.
  @Test func aRepeatOfMoreRunsThanCanBeCountedIsAUsageError() throws {
    let result = try CommandLine.run(["test", "--repeat", "9223372036854775807", "suite"])
    #expect(result.status == 2)
    #expect(
      result.error
        == "lifescript test: --repeat 9223372036854775807 of 6 scenarios is more than 9223372036854775807 runs\n"
    )
    #expect(result.output == "")
  }

  /// Runs are made as workers ask for them, so a huge `--repeat` starts at once; with
  /// `--fail-fast`, the round that stopped lists its runs and later rounds are counted.
  @Test func aHugeRepeatRunsWithoutPlanningEveryRun() throws {
    let result = try CommandLine.run(
      ["test", "--repeat", "100000000000", "--fail-fast", "-j", "1", "suite/fails.lua"])
    #expect(result.status == 1)
    #expect(
      result.error
        == "lifescript test: 99999999998 more runs of later rounds not run: --fail-fast stopped the suite\n"
    )
    #expect(
      result.output.hasPrefix("lifescript test: 1 scenario, 100000000000 rounds on 1 worker\n"))
    #expect(
      result.output.contains(
        "SKIP  suite/fails.lua (round 2) (not run: --fail-fast stopped the suite)\n"))
    #expect(result.output.hasSuffix("0 passed, 1 failed, 99999999999 skipped\n"))
  }

  /// A negative number is a value, not an option: `--seed -1` seeds with -1, in `run` and in a
  /// suite's workers, and a count below its range says so.
  @Test func negativeNumbersAreOptionValues() throws {
    let seeded = try CommandLine.run(["test", "--seed", "-1", "--shuffle", "suite/a"])
    #expect(seeded.error == "")
    #expect(seeded.status == 0)
    #expect(
      seeded.output.hasPrefix("lifescript test: 1 scenario on 1 worker, shuffled with --seed -1\n"))
    #expect(seeded.output.hasSuffix("1 passed, 0 failed\n"))
    let run = try CommandLine.run(["run", "--seed", "-1", "deterministic.lua"])
    let again = try CommandLine.run(["run", "--seed=-1", "deterministic.lua"])
    #expect(run.status == 0)
    #expect(run.error == "")
    #expect(run.output == again.output)
  }

  @Test(arguments: [
    (
      ["--repeat", "-1"],
      "Error: The value '-1' is invalid for '--repeat <n>': expected a count from 1 to 9223372036854775807\n"
    ),
    (
      ["-j", "-1"],
      "Error: The value '-1' is invalid for '-j <n>': expected a number of workers from 1 to 512\n"
    ),
    (["--shard", "-1/2"], "Error: --shard takes i/n with 1 <= i <= n, like 2/3, not '-1/2'\n"),
    (
      ["--timeout", "-1"],
      "Error: The value '-1' is invalid for '--timeout <seconds>': expected a number of seconds from 1 to 86400 (a day), or none\n"
    ),
    (
      ["--max-memory", "-1"],
      "Error: The value '-1' is invalid for '--max-memory <size>': expected a size from 1 byte to 1TiB, like 64MiB, 512K or 1G, or none\n"
    ),
  ])
  func negativeCountsAreOutOfRange(arguments: [String], message: String) throws {
    let result = try CommandLine.run(["test"] + arguments + ["suite/a"])
    #expect(result.status == 2)
    #expect(result.error.hasPrefix(message), "\(result.error)")
    #expect(result.output == "")
  }

  /// Every number a command takes is checked against its range before anything runs (issue 29,
  /// R9): a value past `Int.max`, one whose unit overflows, or one too large for the arithmetic
  /// behind it is a usage error naming the option and its range, never a crash (`--max-memory
  /// 9223372036854775807` died with SIGILL, and in a suite every scenario's worker did).
  @Test(arguments: [
    (
      ["run", "--max-memory", "9223372036854775807", "deterministic.lua"],
      "'--max-memory <size>': expected a size from 1 byte to 1TiB, like 64MiB, 512K or 1G, or none"
    ),
    (
      ["test", "--max-memory", "8589934592G", "suite/a"],
      "'--max-memory <size>': expected a size from 1 byte to 1TiB, like 64MiB, 512K or 1G, or none"
    ),
    (
      ["explore", "--max-memory", "1025G", "deterministic.lua"],
      "'--max-memory <size>': expected a size from 1 byte to 1TiB, like 64MiB, 512K or 1G, or none"
    ),
    (
      ["migrate-check", "--max-instructions", "9223372036854775808", "deterministic.lua"],
      "'--max-instructions <count>': expected a count from 1 to 9223372036854775807, or none"
    ),
    (
      ["repl", "--max-instructions", "0"],
      "'--max-instructions <count>': expected a count from 1 to 9223372036854775807, or none"
    ),
    (
      ["explore", "--timeout", "9223372036854775807", "deterministic.lua"],
      "'--timeout <seconds>': expected a number of seconds from 1 to 86400 (a day), or none"
    ),
    (
      ["run", "--timeout", "86401", "deterministic.lua"],
      "'--timeout <seconds>': expected a number of seconds from 1 to 86400 (a day), or none"
    ),
    (
      ["run", "--seed", "9223372036854775808", "deterministic.lua"],
      "'--seed <seed>': expected a whole number from -9223372036854775808 to 9223372036854775807"
    ),
    (
      ["test", "-j", "99999999999999999999", "suite/a"],
      "'-j <n>': expected a number of workers from 1 to 512"
    ),
    (
      ["explore", "--jobs", "513", "deterministic.lua"],
      "'--jobs <n>': expected a number of workers from 1 to 512"
    ),
    (
      ["test", "--repeat", "99999999999999999999", "suite/a"],
      "'--repeat <n>': expected a count from 1 to 9223372036854775807"
    ),
    (
      ["explore", "--depth", "99999999999999999999", "deterministic.lua"],
      "'--depth <n>': expected a number of events from 0 to 64 (the paths grow as the number of events to the power of the depth)"
    ),
    (
      ["explore", "--max-paths", "99999999999999999999", "deterministic.lua"],
      "'--max-paths <n>': expected a number of paths from 1 to 9223372036854775807"
    ),
    (
      ["explore", "--time", "1e999", "deterministic.lua"],
      "'--time <seconds>': expected a number of seconds greater than 0, like 30 or 0.5"
    ),
  ])
  func numbersOutOfRangeAreUsageErrorsNamingTheRange(arguments: [String], message: String)
    throws
  {
    let result = try CommandLine.run(arguments)
    let value = arguments[2]
    let first = result.error.split(separator: "\n").first.map(String.init) ?? ""
    #expect(first == "Error: The value '\(value)' is invalid for \(message)")
    #expect(result.status == 2)
    #expect(result.output == "")
  }

  /// An empty file name names no file (issue 29, R21): `--output ""` passed the early check as
  /// a file in the current folder, the whole suite ran, and then `cannot write : No such file or
  /// directory`. Each command that writes refuses it before anything runs.
  @Test(arguments: [
    (["test", "--output", "", "suite/a"], "--output", "file"),
    (["run", "--diagram", "svg", "--output", "", "deterministic.lua"], "--output", "file"),
    (["explore", "--output", "", "deterministic.lua"], "--output", "file"),
    (
      ["explore", "--diagram", "svg", "--diagram-output", "", "deterministic.lua"],
      "--diagram-output", "file"
    ),
    (["types", "--output", ""], "--output", "file"),
    (["init", "--output", "", "projects/x.xcodeproj"], "--output", "folder"),
  ])
  func anEmptyOutputIsRefusedBeforeAnythingRuns(
    arguments: [String], option: String, kind: String
  ) throws {
    let result = try CommandLine.run(arguments)
    let first = result.error.split(separator: "\n").first.map(String.init) ?? ""
    #expect(first == "Error: \(option) is an empty path; name the \(kind) to write")
    #expect(result.status == 2)
    #expect(result.output == "")
  }

  /// A FIFO below the scenario's folder is refused by its type, never opened (opening one for
  /// reading waits for a writer until --timeout): by loadfile, dofile, require, Info and
  /// Storyboard, and package.searchpath, which would open any path, is not there.
  @Test func aFIFOBelowTheScenarioIsRefusedNotWaitedOn() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("lifescript-fifo-" + UUID().uuidString)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try "".write(
      to: folder.appendingPathComponent("lifescript.lua"), atomically: true, encoding: .utf8)
    for name in ["f.lua", "Info.plist", "Main.storyboard"] {
      #expect(mkfifo(folder.appendingPathComponent(name).path, 0o644) == 0)
    }
    try """
    print(loadfile("f.lua"))
    print(pcall(dofile, "f.lua"))
    print(select(2, pcall(require, "f")))
    print(pcall(Info, "Info.plist"))
    print(pcall(Storyboard, "Main.storyboard"))
    print(package.searchpath)
    """.write(to: folder.appendingPathComponent("fifo.lua"), atomically: true, encoding: .utf8)
    let result = try CommandLine.run(["run", "--timeout", "20", "fifo.lua"], in: folder)
    #expect(result.error == "")
    #expect(result.status == 0)
    #expect(
      result.output == """
        nil\tcannot read f.lua: it is a FIFO (named pipe), not a Lua file
        false\tcannot read f.lua: it is a FIFO (named pipe), not a Lua file
        module 'f' not found:
        \tno field package.preload['f']
        \tcannot read f.lua: it is a FIFO (named pipe), not a Lua file
        \tno file 'f/init.lua'
        false\tcannot read Info.plist: it is a FIFO (named pipe), not a file
        false\tcannot read Main.storyboard: it is a FIFO (named pipe), not a file
        nil

        """)
  }

  /// A scratch folder, removed after `body`.
  func inScratch(_ body: (URL) throws -> Void) throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("lifescript-output-" + UUID().uuidString)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try body(folder)
  }

  /// The files in `folder`, hidden ones too.
  func names(in folder: URL) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
  }

  /// A report name as long as a file name may be (NAME_MAX, 255 bytes) is written: the
  /// temporary file beside it has a short name of its own.
  @Test func aReportNameOfNameMaxBytesIsWritten() throws {
    try inScratch { folder in
      let name = String(repeating: "r", count: 250) + ".tap"
      #expect(name.utf8.count == 254)
      let report = folder.appendingPathComponent(name).path
      let result = try CommandLine.run(
        ["test", "--format", "tap", "--output", report, "suite/a"])
      #expect(result.error == "")
      #expect(result.status == 0)
      #expect(try names(in: folder) == [name])
      #expect(try String(contentsOfFile: report, encoding: .utf8).hasPrefix("TAP version 13\n"))
    }
  }

  /// `--output` through a symbolic link replaces the file it leads to and keeps the link; a
  /// character device or a FIFO is written into, never replaced by a regular file; a socket is
  /// refused, and says why.
  @Test func anOutputLinkOrSpecialFileIsWrittenThroughNotReplaced() throws {
    try inScratch { folder in
      let manager = FileManager.default
      func path(_ name: String) -> String { folder.appendingPathComponent(name).path }
      func report(to output: String) throws -> CommandLine.Result {
        try CommandLine.run(
          ["test", "--format", "tap", "--output", output, "suite/a/same.lua"])
      }
      try "old\n".write(toFile: path("real.tap"), atomically: true, encoding: .utf8)
      try manager.createSymbolicLink(atPath: path("link.tap"), withDestinationPath: "real.tap")
      try manager.createDirectory(atPath: path("sub"), withIntermediateDirectories: false)
      try manager.createSymbolicLink(
        atPath: path("dangling.tap"), withDestinationPath: "sub/new.tap")
      try manager.createSymbolicLink(
        atPath: path("nowhere.tap"), withDestinationPath: "missing/new.tap")
      #expect(mkfifo(path("fifo.tap"), 0o644) == 0)

      for name in ["link.tap", "dangling.tap"] {
        let result = try report(to: path(name))
        #expect(result.error == "", "\(name)")
        #expect(result.status == 0, "\(name)")
      }
      #expect(try manager.destinationOfSymbolicLink(atPath: path("link.tap")) == "real.tap")
      #expect(try String(contentsOfFile: path("real.tap"), encoding: .utf8).hasPrefix("TAP"))
      #expect(try manager.destinationOfSymbolicLink(atPath: path("dangling.tap")) == "sub/new.tap")
      #expect(try String(contentsOfFile: path("sub/new.tap"), encoding: .utf8).hasPrefix("TAP"))

      let nowhere = try report(to: path("nowhere.tap"))
      #expect(nowhere.status == 2)
      #expect(
        nowhere.error
          == "lifescript test: cannot write \(path("nowhere.tap")): it links to \(folder.path)/missing/new.tap, whose folder does not exist\n"
      )
      let fifo = try report(to: path("fifo.tap"))
      #expect(fifo.status == 2)
      #expect(
        fifo.error
          == "lifescript test: cannot write \(path("fifo.tap")): it is a FIFO (named pipe) that nothing reads\n"
      )
      var status = stat()
      #expect(lstat(path("fifo.tap"), &status) == 0 && status.st_mode & S_IFMT == S_IFIFO)
      #expect(
        try names(in: folder) == [
          "dangling.tap", "fifo.tap", "link.tap", "nowhere.tap", "real.tap", "sub",
        ])

      let device = try report(to: "/dev/stdout")
      #expect(device.status == 0)
      #expect(device.output.contains("TAP version 13\n1..1\nok 1 - suite/a/same.lua"))
      #expect(lstat("/dev/null", &status) == 0 && status.st_mode & S_IFMT == S_IFCHR)
      #expect(try report(to: "/dev/null").status == 0)
      #expect(lstat("/dev/null", &status) == 0 && status.st_mode & S_IFMT == S_IFCHR)
    }
  }

  /// A read-only `--output` folder is found before the suite runs, not after.
  @Test(.enabled(if: GoldenCommandTests.withoutPrivileges != nil))
  func aReadOnlyOutputFolderIsRefusedBeforeTheSuiteRuns() throws {
    try inScratch { folder in
      #expect(chmod(folder.path, 0o555) == 0)
      defer { chmod(folder.path, 0o755) }
      let report = folder.appendingPathComponent("report.tap").path
      for arguments in [
        ["test", "--format", "tap", "--output", report, "suite/prints.lua"],
        ["run", "--diagram", "mermaid", "--output", report, "suite/prints.lua"],
        ["types", "--output", report],
      ] {
        let result = try CommandLine.run(
          arguments, launcher: GoldenCommandTests.withoutPrivileges ?? [])
        #expect(result.status == 2, "\(arguments)")
        #expect(result.output == "", "nothing ran: \(arguments)")
        #expect(
          result.error.hasSuffix("cannot write \(report): Permission denied\n"), "\(result.error)")
      }
    }
  }

  /// A write killed with SIGKILL leaves its temporary file behind; the next write into that
  /// folder removes the ones whose process is gone, and only those.
  @Test func staleTemporaryFilesOfDeadWritersAreRemoved() throws {
    try inScratch { folder in
      let alive = ".lifescript-\(getpid())-abcdef"
      for name in [".lifescript-2147483647-Xy12Zq", alive, ".lifescript-notes"] {
        try "partial".write(
          to: folder.appendingPathComponent(name), atomically: false, encoding: .utf8)
      }
      let report = folder.appendingPathComponent("report.tap").path
      let result = try CommandLine.run(
        ["test", "--format", "tap", "--output", report, "suite/a/same.lua"])
      #expect(result.status == 0)
      #expect(try names(in: folder) == [alive, ".lifescript-notes", "report.tap"])
    }
  }

  /// A line break in a file name does not split its job in two: the scenario runs under its
  /// own name, and the next one is not blamed for it.
  @Test func aLineBreakInAFileNameStaysOneJob() throws {
    try inScratch { folder in
      try "".write(
        to: folder.appendingPathComponent("lifescript.lua"), atomically: true, encoding: .utf8)
      try "error(\"broken\")\n".write(
        to: folder.appendingPathComponent("a\nb.lua"), atomically: true, encoding: .utf8)
      try "print(\"innocent\")\n".write(
        to: folder.appendingPathComponent("c.lua"), atomically: true, encoding: .utf8)
      let result = try CommandLine.run(["test", "-j1", "."], in: folder)
      #expect(result.status == 2)
      #expect(result.error == "")
      #expect(result.output.contains("ERROR  a\nb.lua ("), "\(result.output)")
      #expect(result.output.contains("    b.lua:1: broken\n"), "\(result.output)")
      #expect(result.output.contains("c.lua | innocent\nPASS  c.lua ("), "\(result.output)")
      #expect(result.output.hasSuffix("\n1 passed, 1 failed\n"), "\(result.output)")
    }
  }

  /// A scenario whose file name is not valid UTF-8 fails the suite by name (with the bad byte
  /// shown) instead of vanishing from it while the suite reports green.
  @Test func aScenarioNameThatIsNotUTF8FailsTheSuiteLoudly() throws {
    try inScratch { folder in
      try "".write(
        to: folder.appendingPathComponent("lifescript.lua"), atomically: true, encoding: .utf8)
      try "print(\"ok\")\n".write(
        to: folder.appendingPathComponent("ok.lua"), atomically: true, encoding: .utf8)
      let name =
        Array((folder.path + "/bad").utf8CString.dropLast()) + [CChar(bitPattern: 0xFF)]
        + Array(".lua".utf8CString)
      let descriptor = open(name, O_WRONLY | O_CREAT, 0o644)
      #expect(descriptor >= 0)
      close(descriptor)
      let result = try CommandLine.run(["test", "."], in: folder)
      #expect(result.status == 2)
      #expect(result.output == "")
      #expect(
        result.error
          == "lifescript test: bad\\xFF.lua: the scenario's name is not valid UTF-8, so it cannot be run; rename it\n"
      )
    }
  }

  /// The reports written at the end keep the last 64 KiB of what a scenario printed, not all of
  /// it (the suite's memory stays bounded); the terminal still shows every line.
  @Test func reportsKeepABoundedTailOfWhatAScenarioPrinted() throws {
    try inScratch { folder in
      try "".write(
        to: folder.appendingPathComponent("lifescript.lua"), atomically: true, encoding: .utf8)
      // 5,000 lines of 70 bytes: 350,000 bytes, and a last line to find.
      try """
      for i = 1, 5000 do print(string.format("%05d ", i) .. string.rep("x", 63)) end
      print("the end")
      """.write(
        to: folder.appendingPathComponent("chatty.lua"), atomically: true, encoding: .utf8)
      let report = folder.appendingPathComponent("report.json").path
      let result = try CommandLine.run(
        ["test", "--format", "json", "--output", report, "chatty.lua"], in: folder)
      #expect(result.status == 0)
      #expect(result.output.contains("chatty.lua | 00001 x"))
      #expect(result.output.contains("chatty.lua | the end\n"))
      let lines = try String(contentsOfFile: report, encoding: .utf8).split(separator: "\n")
      let record = try #require(lines.first { $0.contains("\"type\":\"scenario\"") })
      let json = try #require(
        try JSONSerialization.jsonObject(with: Data(record.utf8)) as? [String: Any])
      let stdout = try #require(json["stdout"] as? String)
      let kept = 64 << 10
      let dropped = 5000 * 70 + 8 - kept
      #expect(
        stdout.hasPrefix(
          "[lifescript: \(dropped) bytes printed before this are left out; a report keeps the last 64 KiB]\n"
        ))
      #expect(stdout.hasSuffix("xxx\nthe end\n"))
      #expect(stdout.utf8.count < kept + 200)
    }
  }

  /// A golden file that is a symbolic link out of the project root is refused by where it
  /// leads, and nothing of the file it leads to shows in the message.
  @Test func aGoldenLinkOutOfTheRootIsRefusedWithoutShowingItsTarget() throws {
    try inScratch { outside in
      try "SECRET first line\n".write(
        to: outside.appendingPathComponent("secret"), atomically: true, encoding: .utf8)
      try inScratch { folder in
        try "".write(
          to: folder.appendingPathComponent("lifescript.lua"), atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(
          atPath: folder.appendingPathComponent("s.trace").path,
          withDestinationPath: outside.appendingPathComponent("secret").path)
        try """
        main(class("AppDelegate", UIResponder, {"UIApplicationDelegate"}))
        expect.golden()
        """.write(
          to: folder.appendingPathComponent("s.lua"), atomically: true, encoding: .utf8)
        let result = try CommandLine.run(["run", "s.lua"], in: folder)
        #expect(result.status == 2)
        #expect(!result.error.contains("SECRET"))
        #expect(
          result.error.hasPrefix(
            "s.lua:2: cannot open s.trace: a symbolic link leads it outside the project root "))
        // --record writes through a link, but not out of the root: a dangling link is refused
        // before anything is created where it leads.
        try FileManager.default.removeItem(at: folder.appendingPathComponent("s.trace"))
        try FileManager.default.createSymbolicLink(
          atPath: folder.appendingPathComponent("s.trace").path,
          withDestinationPath: outside.appendingPathComponent("new.trace").path)
        let recorded = try CommandLine.run(["run", "--record", "s.lua"], in: folder)
        #expect(recorded.status == 2)
        #expect(
          recorded.error.hasPrefix(
            "cannot write s.trace: a symbolic link leads it outside the project root "),
          "\(recorded.error)")
        #expect(try names(in: outside) == ["secret"])
      }
    }
  }

  /// strace, when it is there and may trace (it slows fsync down, to stop a write midway).
  static let strace: String? = {
    guard let strace = CommandLine.find("strace"),
      let result = try? CommandLine.tool(
        [strace, "-o", "/dev/null", "true"], in: CommandLine.fixtures),
      result.status == 0
    else { return nil }
    return strace
  }()

  /// SIGTERM in the middle of an atomic write (held in fsync by strace) removes the temporary
  /// file before the process ends, and leaves no half-written file.
  @Test(.enabled(if: strace != nil))
  func aWriteStoppedBySIGTERMLeavesNoTemporaryFile() throws {
    try inScratch { folder in
      let script = """
        "$1" -f -o /dev/null -e trace=fsync -e inject=fsync:delay_enter=500000 \\
          "$2" types --output out.lua &
        for i in $(seq 1 200); do
          set -- .lifescript-*
          [ -e "$1" ] && break
          sleep 0.05
        done
        pid=${1#.lifescript-}
        kill -TERM "${pid%%-*}"
        wait $!
        echo "status $?"
        ls -A
        """
      let result = try CommandLine.tool(
        ["/bin/sh", "-c", script, "sh", Self.strace!, CommandLine.executable.path], in: folder)
      // Standard error has the shell's note on the job it stopped.
      #expect(result.output == "status 143\n", "\(result.error)")
    }
  }
}
