import Foundation
import Testing

/// `lifescript run --watch`: a background process whose output the test reads as it grows.
@Suite struct WatchTests {
  final class Background {
    let pid: pid_t
    let outputFile: String

    /// Standard error's file, when it is not standard output's.
    let errorFile: String?

    init(_ arguments: [String], in directory: URL, separateErrors: Bool = false) throws {
      outputFile = directory.appendingPathComponent("watch-output.txt").path
      errorFile = separateErrors ? directory.appendingPathComponent("watch-errors.txt").path : nil
      var actions = posix_spawn_file_actions_t()
      posix_spawn_file_actions_init(&actions)
      defer { posix_spawn_file_actions_destroy(&actions) }
      posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
      posix_spawn_file_actions_addopen(
        &actions, 1, outputFile, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
      if let errorFile {
        posix_spawn_file_actions_addopen(
          &actions, 2, errorFile, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
      } else {
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
      }
      let command =
        ["/usr/bin/env", "-C", directory.path, CommandLine.executable.path] + arguments
      let argv = command.map { strdup($0) } + [nil]
      defer { for argument in argv { free(argument) } }
      var environment = ProcessInfo.processInfo.environment
      environment["NO_COLOR"] = "1"
      let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
      defer { for variable in envp { free(variable) } }
      // Test threads block signals, and a spawned child inherits the mask: clear it, or the
      // child could not be stopped.
      var attributes = posix_spawnattr_t()
      posix_spawnattr_init(&attributes)
      defer { posix_spawnattr_destroy(&attributes) }
      var none = sigset_t()
      sigemptyset(&none)
      posix_spawnattr_setsigmask(&attributes, &none)
      posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK))
      var pid = pid_t()
      guard posix_spawn(&pid, command[0], &actions, &attributes, argv, envp) == 0 else {
        throw CocoaError(.executableLoad)
      }
      self.pid = pid
    }

    var output: String { (try? String(contentsOfFile: outputFile, encoding: .utf8)) ?? "" }
    var errors: String {
      errorFile.flatMap { try? String(contentsOfFile: $0, encoding: .utf8) } ?? ""
    }

    /// Waits (up to a minute: no wall time is asserted) until the output (or, with
    /// `inErrors`, standard error) has `count` copies of `text`.
    func waitFor(_ text: String, count: Int = 1, inErrors: Bool = false) -> Bool {
      let deadline = Date().addingTimeInterval(60)
      while Date() < deadline {
        let seen = inErrors ? errors : output
        if seen.components(separatedBy: text).count - 1 >= count { return true }
        usleep(50_000)
      }
      Issue.record("no \(count) × '\(text)' in:\n\(inErrors ? errors : output)")
      return false
    }

    func stop() {
      kill(pid, SIGKILL)
      var status: Int32 = 0
      waitpid(pid, &status, 0)
    }
  }

  @Test func reRunsWhenTheScenarioOrAFileItReadChanges() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("lifescript-watch-" + UUID().uuidString)
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("modules"), withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let scenario = folder.appendingPathComponent("app.lua")
    let module = folder.appendingPathComponent("modules/helper.lua")
    let plist = folder.appendingPathComponent("Info.plist")
    try
      #"local helper = require("modules.helper"); Info "Info.plist"; print("run " .. helper.word)"#
      .write(to: scenario, atomically: true, encoding: .utf8)
    try #"return { word = "one" }"#.write(to: module, atomically: true, encoding: .utf8)
    let plistText = """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0"><dict><key>CFBundleName</key><string>Demo</string></dict></plist>
      """
    try plistText.write(to: plist, atomically: true, encoding: .utf8)

    let watch = try Background(["run", "--watch", "app.lua"], in: folder)
    defer { watch.stop() }
    #expect(watch.waitFor("run one"))
    #expect(watch.waitFor("[watch] passed; watching app.lua and 2 files it read (Ctrl-C stops)"))

    // A required module changes.
    try #"return { word = "two" }"#.write(to: module, atomically: false, encoding: .utf8)
    #expect(watch.waitFor("[watch] modules/helper.lua changed; running again"))
    #expect(watch.waitFor("run two"))

    // The Info.plist it loaded changes.
    try (plistText + "\n").write(to: plist, atomically: false, encoding: .utf8)
    #expect(watch.waitFor("[watch] Info.plist changed; running again"))
    #expect(watch.waitFor("run two", count: 2))

    // The scenario is deleted (that run fails), then created again.
    try FileManager.default.removeItem(at: scenario)
    #expect(watch.waitFor("cannot open app.lua: No such file or directory"))
    #expect(watch.waitFor("[watch] failed (exit status 2); watching app.lua (Ctrl-C stops)"))
    try #"print("recreated")"#.write(to: scenario, atomically: false, encoding: .utf8)
    #expect(watch.waitFor("recreated"))
    #expect(watch.waitFor("[watch] passed; watching app.lua (Ctrl-C stops)"))
  }

  /// Files read from anywhere under the project root: the app's Info.plist beside the
  /// scenarios' folder, a module at the root.
  @Test func reRunsWhenAFileUnderTheRootChanges() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("lifescript-watch-" + UUID().uuidString)
    defer { try? FileManager.default.removeItem(at: folder) }
    for path in ["LifecycleTests", "MyApp", "MyApp.xcodeproj"] {
      try FileManager.default.createDirectory(
        at: folder.appendingPathComponent(path), withIntermediateDirectories: true)
    }
    let plist = folder.appendingPathComponent("MyApp/Info.plist")
    let module = folder.appendingPathComponent("helpers.lua")
    let plistText = """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0"><dict><key>CFBundleName</key><string>MyApp</string></dict></plist>
      """
    try plistText.write(to: plist, atomically: true, encoding: .utf8)
    try #"return { word = "one" }"#.write(to: module, atomically: true, encoding: .utf8)
    try #"Info "../MyApp/Info.plist"; print("run " .. require("helpers").word)"#.write(
      to: folder.appendingPathComponent("LifecycleTests/launch.lua"), atomically: true,
      encoding: .utf8)

    let watch = try Background(["run", "--watch", "LifecycleTests/launch.lua"], in: folder)
    defer { watch.stop() }
    #expect(watch.waitFor("run one"))
    #expect(
      watch.waitFor(
        "[watch] passed; watching LifecycleTests/launch.lua and 2 files it read (Ctrl-C stops)"))
    try (plistText + "\n").write(to: plist, atomically: false, encoding: .utf8)
    #expect(watch.waitFor("[watch] MyApp/Info.plist changed; running again"))
    #expect(watch.waitFor("run one", count: 2))
    try #"return { word = "two" }"#.write(to: module, atomically: false, encoding: .utf8)
    #expect(watch.waitFor("[watch] helpers.lua changed; running again"))
    #expect(watch.waitFor("run two"))
  }

  @Test func aMissingFileIsWatchedUntilItAppears() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("lifescript-watch-" + UUID().uuidString)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let watch = try Background(["run", "--watch", "later.lua"], in: folder)
    defer { watch.stop() }
    #expect(watch.waitFor("cannot open later.lua: No such file or directory"))
    try #"print("here now")"#.write(
      to: folder.appendingPathComponent("later.lua"), atomically: true, encoding: .utf8)
    #expect(watch.waitFor("here now"))
  }

  @Test func reRunsWhenTheSuitesConfigurationChangesAlsoAfterAnError() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("lifescript-watch-" + UUID().uuidString)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let configuration = folder.appendingPathComponent("lifescript.lua")
    try #"ios = "17""#.write(to: configuration, atomically: true, encoding: .utf8)
    try #"print("on iOS " .. device.ios())"#.write(
      to: folder.appendingPathComponent("launch.lua"), atomically: true, encoding: .utf8)
    let watch = try Background(["run", "--watch", "launch.lua"], in: folder)
    defer { watch.stop() }
    #expect(watch.waitFor("on iOS 17"))
    #expect(watch.waitFor("watching launch.lua and 1 file it read"))
    try #"ios = "18.3"#.write(to: configuration, atomically: true, encoding: .utf8)
    #expect(watch.waitFor("lifescript.lua:1: unfinished string near <eof>"))
    try #"ios = "18.3""#.write(to: configuration, atomically: true, encoding: .utf8)
    #expect(watch.waitFor("on iOS 18.3"))
  }

  // MARK: lifescript test --watch

  static func makeFolder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("lifescript-test-watch-" + UUID().uuidString)
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("suite/modules"), withIntermediateDirectories: true)
    return folder
  }

  @Test func testWatchRunsAgainOnlyWhatAChangeConcernsThenSumsUpTheSuite() throws {
    let folder = try Self.makeFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    func write(_ text: String, _ path: String) throws {
      try text.write(
        to: folder.appendingPathComponent(path), atomically: false, encoding: .utf8)
    }
    try write(#"print("a " .. require("modules.helper").word)"#, "suite/a.lua")
    try write(#"return { word = "one" }"#, "suite/modules/helper.lua")
    try write(#"print("b runs")"#, "suite/b.lua")

    let watch = try Background(["test", "--watch", "-j", "1", "suite"], in: folder)
    defer { watch.stop() }
    #expect(watch.waitFor("suite/a.lua | a one"))
    #expect(
      watch.waitFor(
        "[watch] the suite: 2 passed, 0 failed; watching suite (3 files) (Ctrl-C stops)"))

    // A module one scenario requires: that scenario runs again, alone.
    try write(#"return { word = "two" }"#, "suite/modules/helper.lua")
    #expect(watch.waitFor("[watch] suite/modules/helper.lua changed; running 1 scenario again"))
    #expect(watch.waitFor("suite/a.lua | a two"))
    #expect(
      watch.waitFor(
        "[watch] the suite: 2 passed, 0 failed (1 ran again); watching suite (3 files) (Ctrl-C stops)"
      ))
    #expect(watch.output.components(separatedBy: "b runs").count == 2)

    // A new scenario file runs; its failure counts in the suite's line.
    try write(#"expect.equal(1, 2)"#, "suite/c.lua")
    #expect(watch.waitFor("[watch] suite/c.lua changed; running 1 scenario again"))
    #expect(watch.waitFor("suite/c.lua:1: expect.equal: expected 2, got 1"))
    #expect(watch.waitFor("[watch] the suite: 2 passed, 1 failed (1 ran again)"))

    // A deleted scenario leaves the suite; nothing runs.
    try FileManager.default.removeItem(at: folder.appendingPathComponent("suite/b.lua"))
    #expect(
      watch.waitFor(
        "[watch] suite/b.lua changed; no scenario to run again; the suite: 1 passed, 1 failed"))

    // A helper module is not a scenario: a new one runs nothing until a scenario requires it.
    try write(#"return 1"#, "suite/modules/other.lua")
    try write(
      #"print("a " .. require("modules.helper").word .. require("modules.other"))"#, "suite/a.lua")
    #expect(watch.waitFor("suite/a.lua | a two1"))
    #expect(!watch.output.contains("suite/modules/other.lua |"))
  }

  @Test func testWatchRunsTheWholeSuiteWhenItsConfigurationChanges() throws {
    let folder = try Self.makeFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let configuration = folder.appendingPathComponent("lifescript.lua")
    try #"ios = "17""#.write(to: configuration, atomically: true, encoding: .utf8)
    for name in ["one", "two"] {
      try #"print("\#(name) on " .. device.ios())"#.write(
        to: folder.appendingPathComponent("suite/\(name).lua"), atomically: true, encoding: .utf8)
    }
    let watch = try Background(["test", "--watch", "-j1"], in: folder)
    defer { watch.stop() }
    #expect(watch.waitFor("suite/two.lua | two on 17"))
    #expect(watch.waitFor("[watch] the suite: 2 passed, 0 failed; watching"))
    try #"ios = "18.3""#.write(to: configuration, atomically: true, encoding: .utf8)
    #expect(watch.waitFor("[watch] lifescript.lua changed; running the suite again"))
    #expect(watch.waitFor("suite/one.lua | one on 18.3"))
    #expect(watch.waitFor("suite/two.lua | two on 18.3"))
  }

  /// A path that is missing, goes away, or is a FIFO: the watch says so and waits, and runs when
  /// it is a folder or a file again.
  @Test func testWatchWaitsForAMissingOrSpecialPath() throws {
    let folder = try Self.makeFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let suite = folder.appendingPathComponent("suite")
    try #"print("here")"#.write(
      to: suite.appendingPathComponent("a.lua"), atomically: true, encoding: .utf8)
    let watch = try Background(["test", "--watch", "suite", "later"], in: folder)
    defer { watch.stop() }
    #expect(watch.waitFor("lifescript test: later: no such file or folder"))
    #expect(watch.waitFor("[watch] the suite did not run (exit status 2); watching suite, later"))
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("later"), withIntermediateDirectories: true)
    try #"print("later too")"#.write(
      to: folder.appendingPathComponent("later/b.lua"), atomically: true, encoding: .utf8)
    #expect(watch.waitFor("later/b.lua | later too"))
    #expect(watch.waitFor("[watch] the suite: 2 passed, 0 failed; watching suite, later"))

    // The folder goes away, then comes back.
    let moved = folder.appendingPathComponent("moved")
    try FileManager.default.moveItem(at: suite, to: moved)
    #expect(watch.waitFor("lifescript test: suite: no such file or folder"))
    #expect(watch.waitFor("[watch] the suite did not run (exit status 2)", count: 2))
    try FileManager.default.moveItem(at: moved, to: suite)
    #expect(watch.waitFor("suite/a.lua | here", count: 2))

    // A FIFO in its place is not opened (a run would wait for a writer).
    try FileManager.default.removeItem(at: suite)
    #expect(mkfifo(suite.path, 0o600) == 0)
    #expect(
      watch.waitFor(
        "lifescript test --watch: suite is a FIFO (named pipe), not a scenario file or folder; waiting for it to change"
      ))
    try FileManager.default.removeItem(at: suite)
    try FileManager.default.createDirectory(at: suite, withIntermediateDirectories: true)
    try #"print("back")"#.write(
      to: suite.appendingPathComponent("a.lua"), atomically: true, encoding: .utf8)
    #expect(watch.waitFor("suite/a.lua | back"))
  }

  /// A machine report on standard output stays alone there: the watch's lines go to standard
  /// error.
  @Test func testWatchWithAMachineReportKeepsItsLinesOnStandardError() throws {
    let folder = try Self.makeFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let scenario = folder.appendingPathComponent("suite/a.lua")
    try #"print("one")"#.write(to: scenario, atomically: true, encoding: .utf8)
    let watch = try Background(
      ["test", "--watch", "--format", "tap", "suite"], in: folder, separateErrors: true)
    defer { watch.stop() }
    #expect(watch.waitFor("ok 1 - suite/a.lua"))
    #expect(watch.waitFor("[watch] the suite: 1 passed, 0 failed", inErrors: true))
    try #"print("two")"#.write(to: scenario, atomically: true, encoding: .utf8)
    #expect(watch.waitFor("[watch] suite/a.lua changed; running 1 scenario again", inErrors: true))
    #expect(watch.waitFor("ok 1 - suite/a.lua", count: 2))
    #expect(!watch.output.contains("[watch]"))
  }

  /// Scenario paths after `--` that look like options, and a name with a space, stay paths in
  /// every run the watch starts.
  @Test func testWatchKeepsPathsThatLookLikeOptions() throws {
    let folder = try Self.makeFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let dashed = folder.appendingPathComponent("-x.lua")
    try #"print("dash one")"#.write(to: dashed, atomically: true, encoding: .utf8)
    try #"print("spaced")"#.write(
      to: folder.appendingPathComponent("suite/a b.lua"), atomically: true, encoding: .utf8)
    let watch = try Background(["test", "--watch", "-j1", "--", "-x.lua", "suite"], in: folder)
    defer { watch.stop() }
    #expect(watch.waitFor("[watch] the suite: 2 passed, 0 failed"))
    try #"print("dash two")"#.write(to: dashed, atomically: false, encoding: .utf8)
    #expect(watch.waitFor("[watch] -x.lua changed; running 1 scenario again"))
    #expect(watch.waitFor("-x.lua | dash two"))
    #expect(watch.waitFor("[watch] the suite: 2 passed, 0 failed (1 ran again)"))
  }

  /// Bad options are refused as `test` refuses them, before anything runs.
  @Test(arguments: [["-j0"], ["--shard", "3/2"], ["--repeat", "0"]])
  func testWatchRefusesBadOptionsAsTestDoes(_ options: [String]) throws {
    let folder = try Self.makeFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try #"print(1)"#.write(
      to: folder.appendingPathComponent("suite/a.lua"), atomically: true, encoding: .utf8)
    let plain = try CommandLine.run(["test"] + options + ["suite"], in: folder)
    let watched = try CommandLine.run(["test", "--watch"] + options + ["suite"], in: folder)
    #expect(plain.status == 2)
    #expect(watched.status == 2)
    #expect(watched.error == plain.error)
    #expect(watched.output == "")
    let list = try CommandLine.run(["test", "--watch", "--list", "suite"], in: folder)
    #expect(list.status == 2)
    #expect(
      list.error.hasPrefix("Error: --list prints the scenarios and exits; leave out --watch\n"))
  }
}
