import Foundation
import Testing

/// The project root through the real command line: an app's repository with its scenarios in
/// `LifecycleTests/`, built in a scratch folder (its `.git` markers are never committed here).
@Suite struct ProjectRootCommandTests {
  /// `base/app/{MyApp/Info.plist, common.lua, LifecycleTests/}` and `base/outside/Info.plist`.
  final class Repository {
    let base: String
    var app: String { base + "/app" }
    var tests: String { app + "/LifecycleTests" }

    static let plist = """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0"><dict><key>CFBundleName</key><string>MyApp</string></dict></plist>

      """

    /// With `marker` at the app's root (nil: none).
    init(marker: String? = "Package.swift") throws {
      base =
        URL(fileURLWithPath: NSTemporaryDirectory())
        .appendingPathComponent("lifescript-project-" + UUID().uuidString)
        .resolvingSymlinksInPath().path
      try FileManager.default.createDirectory(atPath: tests, withIntermediateDirectories: true)
      try write("app/MyApp/Info.plist", Self.plist)
      try write("outside/Info.plist", Self.plist)
      try write("app/common.lua", #"return { word = "from the root" }"#)
      switch marker {
      case nil: break
      case ".git folder", "MyApp.xcodeproj":
        try FileManager.default.createDirectory(
          atPath: app + "/" + marker!.replacingOccurrences(of: " folder", with: ""),
          withIntermediateDirectories: true)
      case ".git file":
        try write("app/.git", "gitdir: ../.git/worktrees/app\n")
      case let name?:
        try write("app/" + name, "")
      }
    }

    func write(_ path: String, _ text: String) throws {
      let url = URL(fileURLWithPath: base + "/" + path)
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try text.write(to: url, atomically: true, encoding: .utf8)
    }

    /// Writes the scenario `LifecycleTests/launch.lua` and runs `lifescript` in the app's folder.
    func run(_ scenario: String, _ arguments: [String] = ["run"]) throws -> CommandLine.Result {
      try write("app/LifecycleTests/launch.lua", scenario)
      return try CommandLine.run(
        arguments + ["LifecycleTests/launch.lua"], in: URL(fileURLWithPath: app), seconds: 30)
    }

    deinit { try? FileManager.default.removeItem(atPath: base) }
  }

  /// Whether no folder above the scratch folders has a marker (else "no marker" cannot be
  /// tested here).
  static let temporaryFolderHasNoRootAbove: Bool = {
    var folder = URL(fileURLWithPath: NSTemporaryDirectory()).resolvingSymlinksInPath()
    while true {
      let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
      if names.contains(where: {
        [".git", "Package.swift", "lifescript.lua"].contains($0) || $0.hasSuffix(".xcodeproj")
      }) {
        return false
      }
      if folder.path == "/" { return true }
      folder.deleteLastPathComponent()
    }
  }()

  static let found =
    "(the nearest folder above the scenario with .git, an .xcodeproj, Package.swift or lifescript.lua); use --root to widen it"

  /// What `run` prints for an error raised by `function` at `line` of the scenario.
  static func error(
    _ message: String, line: Int, function: String = "function 'Info'",
    file: String = "LifecycleTests/launch.lua"
  ) -> String {
    """
    \(file):\(line): \(message)
    stack traceback:
    \t[C]: in \(function)
    \t\(file):\(line): in main chunk

    """
  }

  static let readsTheApp = """
    Info "../MyApp/Info.plist"
    print(require("common").word)

    """

  @Test(arguments: [
    ".git folder", ".git file", "MyApp.xcodeproj", "Package.swift", "lifescript.lua",
  ])
  func eachMarkerLetsLifecycleTestsReadTheApp(marker: String) throws {
    let repository = try Repository(marker: marker)
    let result = try repository.run(Self.readsTheApp)
    #expect(result.error == "")
    #expect(result.output == "from the root\n")
    #expect(result.status == 0)
  }

  @Test(.enabled(if: temporaryFolderHasNoRootAbove))
  func withoutAMarkerTheScenariosFolderIsTheRootUntilRootWidensIt() throws {
    let repository = try Repository(marker: nil)
    let result = try repository.run(Self.readsTheApp)
    #expect(
      result.error
        == Self.error(
          "cannot open MyApp/Info.plist: it is outside the project root \(repository.tests) (the scenario's folder: no folder above it has .git, an .xcodeproj, Package.swift or lifescript.lua); use --root to widen it",
          line: 1))
    #expect(result.status == 2)
    let widened = try repository.run(Self.readsTheApp, ["run", "--root", "."])
    #expect(widened.error == "")
    #expect(widened.output == "from the root\n")
  }

  @Test func pastTheRootElsewhereOrThroughALinkIsRefusedNamingTheRoot() throws {
    let repository = try Repository()
    try FileManager.default.createSymbolicLink(
      atPath: repository.tests + "/leak.plist",
      withDestinationPath: repository.base + "/outside/Info.plist")
    let cases = [
      (
        "../../outside/Info.plist",
        "cannot open ../outside/Info.plist: it is outside the project root \(repository.app) \(Self.found)"
      ),
      (
        repository.base + "/outside/Info.plist",
        "cannot open \(repository.base)/outside/Info.plist: it is outside the project root \(repository.app) \(Self.found)"
      ),
      (
        "leak.plist",
        "cannot open LifecycleTests/leak.plist: a symbolic link leads it outside the project root \(repository.app) \(Self.found)"
      ),
    ]
    for (name, message) in cases {
      let result = try repository.run("-- \(name)\nInfo \"\(name)\"\n")
      #expect(result.error == Self.error(message, line: 2))
      #expect(result.status == 2)
    }
  }

  @Test func aLinkThatStaysInsideAndAnAbsolutePathInsideAreRead() throws {
    let repository = try Repository()
    try FileManager.default.createSymbolicLink(
      atPath: repository.tests + "/Info.plist", withDestinationPath: "../MyApp/Info.plist")
    let result = try repository.run(
      """
      Info "Info.plist"
      Info "\(repository.app)/MyApp/Info.plist"
      print("read")

      """)
    #expect(result.error == "")
    #expect(result.output == "read\n")
  }

  /// `--root` widens the root for every command, and a suite passes it to its workers.
  @Test func rootWidensTheRootOfEveryCommand() throws {
    let repository = try Repository()
    let scenario = #"Info "../../outside/Info.plist"; print("read")"# + "\n"
    let refused = try repository.run(scenario)
    #expect(refused.status == 2)
    let run = try repository.run(scenario, ["run", "--root", ".."])
    #expect(run.error == "")
    #expect(run.output == "read\n")
    let suite = try repository.run(scenario, ["test", "-j", "1", "--root", ".."])
    #expect(suite.status == 0, "\(suite.output)")
    #expect(suite.output.hasSuffix("1 passed, 0 failed\n"))
    #expect(suite.output.contains("LifecycleTests/launch.lua | read\n"))
    let check = try repository.run(scenario, ["migrate-check", "--root", ".."])
    #expect(check.status == 0, "\(check.error)")
    let repl = try CommandLine.run(
      ["repl", "--root", "../.."], in: URL(fileURLWithPath: repository.tests),
      input: #"Info "../../outside/Info.plist"; print("read")"# + "\n")
    #expect(repl.error == "")
    #expect(repl.output == "read\n")
  }

  @Test(arguments: [
    (["run", "--root", "nope"], "Error: --root nope: No such file or directory"),
    (["run", "--root", "common.lua"], "Error: --root common.lua: not a folder"),
    (
      ["run", "--root", "MyApp"],
      "Error: --root MyApp does not contain the scenario LifecycleTests/launch.lua"
    ),
    (
      ["test", "--root", "MyApp"],
      "Error: --root MyApp does not contain the scenario LifecycleTests/launch.lua"
    ),
    (
      ["migrate-check", "--root", "MyApp"],
      "Error: --root MyApp does not contain the scenario LifecycleTests/launch.lua"
    ),
  ])
  func aRootThatIsNotAFolderHoldingTheScenarioIsAUsageError(arguments: [String], error: String)
    throws
  {
    let repository = try Repository()
    let result = try repository.run("print('ran')\n", arguments)
    #expect(result.error.hasPrefix(error + "\nUsage: "))
    #expect(result.output == "")
    #expect(result.status == 2)
  }

  @Test func aFolderOfScenariosAndTheReplsDirectoryMustBeUnderTheRoot() throws {
    let repository = try Repository()
    let app = URL(fileURLWithPath: repository.app)
    let suite = try CommandLine.run(["test", "--root", "LifecycleTests", "."], in: app)
    #expect(
      suite.error.hasPrefix("Error: --root LifecycleTests does not contain the current directory\n")
    )
    let folder = try CommandLine.run(["test", "--root", "MyApp", "LifecycleTests"], in: app)
    #expect(
      folder.error.hasPrefix("Error: --root MyApp does not contain the folder LifecycleTests\n"))
    #expect(folder.status == 2)
    #expect(suite.status == 2)
    let repl = try CommandLine.run(["repl", "--root", "MyApp"], in: app, input: "")
    #expect(repl.error.hasPrefix("Error: --root MyApp does not contain the current directory\n"))
    #expect(repl.status == 2)
  }

  @Test func requireLooksInTheScenariosFolderThenInTheRoot() throws {
    let repository = try Repository()
    let fromRoot = try repository.run(#"print(require("common").word)"# + "\n")
    #expect(fromRoot.output == "from the root\n")
    try repository.write("app/LifecycleTests/common.lua", #"return { word = "beside" }"#)
    let beside = try repository.run(#"print(require("common").word)"# + "\n")
    #expect(beside.output == "beside\n")
    let missing = try repository.run(#"require("helpers")"# + "\n")
    #expect(
      missing.error == """
        LifecycleTests/launch.lua:1: module 'helpers' not found:
        \tno field package.preload['helpers']
        \tno file 'LifecycleTests/helpers.lua'
        \tno file 'LifecycleTests/helpers/init.lua'
        \tno file 'helpers.lua'
        \tno file 'helpers/init.lua'
        stack traceback:
        \t[C]: in function 'require'
        \tLifecycleTests/launch.lua:1: in main chunk

        """)
    #expect(missing.status == 2)
  }

  /// Special files named as input end at once with what they are: never a hang, never the
  /// whole of a huge file.
  @Test func specialFilesAndHugeFilesAreClearErrors() throws {
    let repository = try Repository()
    #expect(mkfifo(repository.app + "/MyApp/events.fifo", 0o644) == 0)
    #expect(mkfifo(repository.tests + "/pipe.lua", 0o644) == 0)
    #expect(
      FileManager.default.createFile(atPath: repository.app + "/MyApp/huge.plist", contents: nil))
    #expect(truncate(repository.app + "/MyApp/huge.plist", (64 << 20) + 1) == 0)
    let cases: [(String, String, String)] = [
      (
        #"Info "../MyApp/events.fifo""#, "function 'Info'",
        "cannot read MyApp/events.fifo: it is a FIFO (named pipe), not a file"
      ),
      (
        #"Storyboard "../MyApp""#, "function 'Storyboard'",
        "cannot read MyApp: it is a directory, not a file"
      ),
      (
        #"Info "../MyApp/huge.plist""#, "function 'Info'",
        "cannot read MyApp/huge.plist: it is larger than 64 MiB, the most lifescript reads of an input file"
      ),
    ]
    for (line, function, message) in cases {
      let result = try repository.run("-- a special file\n" + line + "\n")
      #expect(result.error == Self.error(message, line: 2, function: function), "\(line)")
      #expect(result.status == 2)
    }
    let pipe = "cannot read LifecycleTests/pipe.lua: it is a FIFO (named pipe), not a Lua file"
    let done = try repository.run(#"dofile "pipe.lua""# + "\n")
    #expect(done.error.hasPrefix("LifecycleTests/launch.lua:1: \(pipe)\nstack traceback:\n"))
    let loaded = try repository.run(#"print(loadfile "pipe.lua")"# + "\n")
    #expect(loaded.output == "nil\t\(pipe)\n")
    let required = try repository.run(#"require("pipe")"# + "\n")
    #expect(required.error.contains("\n\t\(pipe)\n"))
    let device = try repository.run(#"Info "/dev/zero""# + "\n", ["run", "--root", "/"])
    #expect(
      device.error == Self.error("cannot read /dev/zero: it is a device, not a file", line: 1))
  }

  @Test func goldenTracesAreInputFilesToo() throws {
    let repository = try Repository()
    #expect(mkfifo(repository.tests + "/launch.trace", 0o644) == 0)
    let scenario = "-- a golden trace\nexpect.golden()\n"
    let fifo = try repository.run(scenario)
    #expect(
      fifo.error
        == Self.error(
          "cannot read LifecycleTests/launch.trace: it is a FIFO (named pipe), not a golden trace",
          line: 2, function: "function 'expect.golden'"))
    try FileManager.default.removeItem(atPath: repository.tests + "/launch.trace")
    try repository.write("outside/launch.trace", "new UIApplication\n")
    try FileManager.default.createSymbolicLink(
      atPath: repository.tests + "/launch.trace",
      withDestinationPath: repository.base + "/outside/launch.trace")
    let link = try repository.run(scenario)
    #expect(
      link.error
        == Self.error(
          "cannot open LifecycleTests/launch.trace: a symbolic link leads it outside the project root \(repository.app) \(Self.found)",
          line: 2, function: "function 'expect.golden'"))
  }

  @Test(arguments: [
    (#"Info """#, #"cannot open "": the name is empty"#),
    (#"Info "Info\n.plist""#, #"cannot open "Info\n.plist": the name has a control character"#),
    (#"Info "Info\0.plist""#, #"cannot open "Info\x00.plist": the name has a control character"#),
    (
      #"Storyboard(string.rep("a", 5000))"#,
      "cannot open \(String(repeating: "a", count: 120))…\(String(repeating: "a", count: 40)) (5000 bytes): the name is longer than 4096 bytes"
    ),
    (
      #"Info(string.rep("a", 300))"#,
      "cannot open LifecycleTests/\(String(repeating: "a", count: 105))…\(String(repeating: "a", count: 40)) (315 bytes): File name too long"
    ),
  ])
  func hostileNamesAreRefusedByName(line: String, message: String) throws {
    let repository = try Repository()
    let result = try repository.run("-- a hostile name\n" + line + "\n")
    let function = line.hasPrefix("Info") ? "function 'Info'" : "function 'Storyboard'"
    #expect(result.error == Self.error(message, line: 2, function: function))
    #expect(result.status == 2)
  }

  /// Issue 16 asks every binding test for a coroutine variant: the same files from inside one.
  @Test func inACoroutineTheSameFilesAreReadAndRefused() throws {
    let repository = try Repository()
    let reads = try repository.run(
      """
      coroutine.wrap(function()
        Info "../MyApp/Info.plist"
        print(require("common").word)
      end)()

      """)
    #expect(reads.error == "")
    #expect(reads.output == "from the root\n")
    let refused = try repository.run(
      """
      local ok, message = coroutine.resume(coroutine.create(function()
        Info "../../outside/Info.plist"
      end))
      error(message, 0)

      """)
    #expect(
      refused.error == """
        LifecycleTests/launch.lua:2: cannot open ../outside/Info.plist: it is outside the project root \(repository.app) \(Self.found)
        stack traceback:
        \t[C]: in function 'error'
        \tLifecycleTests/launch.lua:4: in main chunk

        """)
    #expect(refused.status == 2)
  }

  /// Examples/MyApp: its scenarios read `../MyApp/…`, the root found by `MyApp.xcodeproj`.
  @Test func examplesMyAppPassesFromTheRepositorysRoot() throws {
    let result = try CommandLine.run(
      ["test", "-j", "1", "Examples/MyApp/LifecycleTests"], in: CommandLine.repository)
    #expect(result.error == "")
    #expect(result.output.hasSuffix("3 passed, 0 failed\n"), "\(result.output)")
    #expect(result.status == 0)
  }
}
