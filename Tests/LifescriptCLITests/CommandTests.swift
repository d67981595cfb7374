import Foundation
import Testing

@Suite struct CommandTests {
  @Test func versionNamesLifescriptAndLua() throws {
    let result = try CommandLine.run(["--version"])
    #expect(result.status == 0)
    #expect(result.output.hasPrefix("lifescript 0.1.0 (Lua 5.4."))
  }

  @Test(arguments: [["--help"], ["run", "--help"], ["help", "run"]])
  func helpGoesToStandardOutputAndSucceeds(arguments: [String]) throws {
    let result = try CommandLine.run(arguments)
    #expect(result.status == 0)
    #expect(result.output.contains("USAGE: lifescript"))
    #expect(result.error.isEmpty)
  }

  @Test func runHelpDocumentsEveryOption() throws {
    let help = try CommandLine.run(["run", "--help"]).output
    for option in [
      "--seed", "--max-memory", "--max-instructions", "--timeout", "--allow-io", "--record",
    ] {
      #expect(help.contains(option), "run --help does not mention \(option)")
    }
  }

  @Test(arguments: [
    (["run"], "Error: Missing expected argument '<file>'"),
    (["run", "--nonsense", "x.lua"], "Error: Unknown option '--nonsense'"),
    (
      ["run", "--max-memory", "12x", "x.lua"],
      "Error: The value '12x' is invalid for '--max-memory <size>'"
    ),
    (
      ["run", "--max-instructions", "0", "x.lua"],
      "Error: The value '0' is invalid for '--max-instructions <count>'"
    ),
    (["run", "--seed", "pi", "x.lua"], "Error: The value 'pi' is invalid for '--seed <seed>'"),
    (["fly"], "Error: Unexpected argument 'fly'"),
  ])
  func badUsageExitsWithStatusTwo(arguments: [String], message: String) throws {
    let result = try CommandLine.run(arguments)
    #expect(result.status == 2)
    #expect(result.error.hasPrefix(message))
    #expect(result.output.isEmpty)
  }

  @Test func theSameScenarioAndSeedGiveTheSameOutputEveryTime() throws {
    let first = try CommandLine.run(["run", "deterministic.lua"])
    let second = try CommandLine.run(["run", "deterministic.lua"])
    let reseeded = try CommandLine.run(["run", "--seed", "42", "deterministic.lua"])
    #expect(first.status == 0)
    #expect(first.output == second.output)
    #expect(first.output.hasPrefix("1767225600\t0.0\t2026-01-01 00:00:00\n"))
    #expect(reseeded.output != first.output)
  }

  /// `run FILE` takes a short path past the parser; it must be indistinguishable.
  @Test(arguments: [
    "deterministic.lua", "runtime-error.lua", "syntax-error.lua", "missing.lua",
    "io-open.lua", "nested-error.lua",
  ])
  func theShortFormBehavesExactlyAsTheParsedCommandWithItsDefaults(file: String) throws {
    let short = try CommandLine.run(["run", file])
    let parsed = try CommandLine.run([
      "run", "--seed", "0", "--max-memory", "64MiB", "--max-instructions", "100000000",
      "--timeout", "60", file,
    ])
    #expect(short.status == parsed.status)
    #expect(short.output == parsed.output)
    #expect(short.error == parsed.error)
  }

  @Test func aFileNamedLikeAnOptionStillGoesThroughTheParser() throws {
    let result = try CommandLine.run(["run", "--help"])
    #expect(result.status == 0)
    #expect(result.output.contains("USAGE: lifescript run"))
  }

  @Test func orderingOptionsChangeTheTrace() throws {
    let standard = try CommandLine.run(["run", "--trace", "ordering.lua"])
    let changed = try CommandLine.run([
      "run", "--trace", "--option", "legacy-activation=after-did-appear", "ordering.lua",
    ])
    #expect(standard.status == 0)
    #expect(changed.status == 0)
    #expect(
      standard.output.hasSuffix(
        "AppDelegate.applicationDidBecomeActive:\npost UIApplicationDidBecomeActiveNotification\nUIViewController.viewDidAppear:\nscreen launch removed\n"
      ))
    #expect(
      changed.output.hasSuffix(
        "UIViewController.viewDidAppear:\nAppDelegate.applicationDidBecomeActive:\npost UIApplicationDidBecomeActiveNotification\nscreen launch removed\n"
      ))
  }

  @Test func anUnknownOrderingOptionIsAUsageError() throws {
    let result = try CommandLine.run([
      "run", "--option", "legacy-activation=sometimes", "ordering.lua",
    ])
    #expect(result.status == 2)
    #expect(
      result.error.hasPrefix(
        "Error: unknown ordering option 'legacy-activation=sometimes'; choose from legacy-activation=between-will-and-did-appear|before-view-loads|after-did-appear, storyboard-window-order=view-controller-first|window-first"
      ))
  }

  @Test func tracesCanBePrintedWithSwiftNames() throws {
    let result = try CommandLine.run(["run", "--trace", "--names", "swift", "ordering.lua"])
    #expect(result.output.contains("AppDelegate.application(_:didFinishLaunchingWithOptions:)\n"))
    #expect(result.output.contains("UIViewController.viewDidLoad()\n"))
  }

  @Test func migrateCheckShowsWhichCallbacksMoveStopAndStart() throws {
    let result = try CommandLine.run(["migrate-check", "migration.lua"])
    #expect(result.status == 0)
    #expect(
      result.output == """
        migration.lua: the app-delegate life cycle, then scenes (iOS 26)
        moves to the scene delegate (TN3187):
          AppDelegate.applicationDidBecomeActive: (2) → LifescriptSceneDelegate.sceneDidBecomeActive: (2)
          AppDelegate.applicationDidEnterBackground: (1) → LifescriptSceneDelegate.sceneDidEnterBackground: (1)
          AppDelegate.applicationWillEnterForeground: (1) → LifescriptSceneDelegate.sceneWillEnterForeground: (2)
        stops (not called with scenes):
          UIViewController.viewWillAppear: (1)
          UIViewController.viewDidAppear: (1)
        starts (scene life cycle only):
          LifescriptSceneDelegate.scene:willConnectToSession:options: (1)
          LifescriptSceneDelegate.sceneWillResignActive: (1)
        unchanged:
          AppDelegate.application:didFinishLaunchingWithOptions: (1)
          UIViewController.loadView (1)
          UIViewController.viewDidLoad (1)

        """)
  }

  @Test func migrateCheckNeedsAReleaseWithScenes() throws {
    let result = try CommandLine.run(["migrate-check", "--ios", "12", "migration.lua"])
    #expect(result.status == 2)
    #expect(
      result.error.hasPrefix("Error: migrate-check needs iOS 13 or later, where scenes exist"))
  }

  @Test func allowIOGivesScriptsTheIOLibrary() throws {
    let result = try CommandLine.run(["run", "--allow-io", "io-open.lua"])
    #expect(result.status == 0)
    #expect(result.error.isEmpty)
  }

  @Test func sizesAcceptTheUsualUnits() throws {
    for size in ["67108864", "65536K", "64M", "64MiB", "1G", "none"] {
      let result = try CommandLine.run(["run", "--max-memory", size, "deterministic.lua"])
      #expect(result.status == 0, "--max-memory \(size)")
    }
  }
}

@Suite struct ScriptsTests {
  /// Every Lua file in Scripts/, relative to the repository.
  static let scripts: [String] = {
    let root = CommandLine.repository.appendingPathComponent("Scripts")
    let enumerator = FileManager.default.enumerator(atPath: root.path)
    var found: [String] = []
    while let path = enumerator?.nextObject() as? String {
      if path.hasSuffix(".lua") { found.append("Scripts/" + path) }
    }
    return found.sorted()
  }()

  @Test func thereAreScriptsToRun() {
    #expect(!Self.scripts.isEmpty)
  }

  @Test(arguments: scripts)
  func everyScriptPassesThroughTheRealCommandLine(script: String) throws {
    let result = try CommandLine.run(["run", script], in: CommandLine.repository)
    // Warnings are fine (a legacy app on the current iOS is told about deprecations); errors not.
    let problems = result.error.split(separator: "\n").filter { !$0.hasPrefix("warning[") }
    #expect(problems.isEmpty, "\(result.error)")
    #expect(result.status == 0)
  }
}

@Suite struct DiagramCommandTests {
  /// A folder of its own for each test's files, removed when the test ends.
  final class Scratch {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("lifescript-diagram-" + UUID().uuidString)
    init() throws {
      try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }
    deinit { try? FileManager.default.removeItem(at: url) }
    func path(_ name: String) -> String { url.appendingPathComponent(name).path }
  }

  @Test(arguments: [
    ("mermaid", "sequenceDiagram\n  participant System\n"),
    ("plantuml", "@startuml\nparticipant System\n"),
    ("svg", "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg "),
  ])
  func aDiagramGoesToStandardOutput(format: String, start: String) throws {
    let result = try CommandLine.run(["run", "--diagram", format, "ordering.lua"])
    #expect(result.status == 0)
    #expect(result.output.hasPrefix(start))
    #expect(!result.error.contains("Error"))
  }

  @Test func withTraceTheTraceComesFirst() throws {
    let result = try CommandLine.run(["run", "--trace", "--diagram", "mermaid", "ordering.lua"])
    #expect(result.status == 0)
    #expect(
      result.output.contains(
        "UIViewController.viewDidAppear:\nscreen launch removed\nsequenceDiagram\n"))
  }

  @Test func namesSpellTheDiagramsSelectorsToo() throws {
    let result = try CommandLine.run([
      "run", "--names", "swift", "--diagram", "mermaid", "ordering.lua",
    ])
    #expect(
      result.output.contains(
        "UIKit->>AppDelegate: application(_:didFinishLaunchingWithOptions:)\n"))
  }

  @Test func outputWritesTheDiagramToAFileInsteadOfStandardOutput() throws {
    let scratch = try Scratch()
    let file = scratch.path("ordering.svg")
    let result = try CommandLine.run(["run", "--diagram", "svg", "--output", file, "ordering.lua"])
    let printed = try CommandLine.run(["run", "--diagram", "svg", "ordering.lua"])
    #expect(result.status == 0)
    #expect(result.output.isEmpty)
    #expect(try String(contentsOfFile: file, encoding: .utf8) == printed.output)
  }

  @Test func outputWithoutDiagramIsAUsageError() throws {
    let result = try CommandLine.run(["run", "--output", "d.svg", "ordering.lua"])
    #expect(result.status == 2)
    #expect(
      result.error.hasPrefix(
        "Error: --output names the file for a diagram; add --diagram mermaid, plantuml or svg\n"))
    #expect(result.output.isEmpty)
  }

  @Test func anUnknownFormatIsAUsageError() throws {
    let result = try CommandLine.run(["run", "--diagram", "dot", "ordering.lua"])
    #expect(result.status == 2)
    #expect(result.error.hasPrefix("Error: The value 'dot' is invalid for '--diagram <format>'"))
  }

  @Test func anOutputFolderThatDoesNotExistIsRefusedBeforeTheRun() throws {
    let result = try CommandLine.run([
      "run", "--trace", "--diagram", "svg", "--output", "no-such-folder/d.svg", "ordering.lua",
    ])
    #expect(result.status == 2)
    #expect(
      result.error
        == "cannot write no-such-folder/d.svg: the folder no-such-folder does not exist\n")
    #expect(result.output.isEmpty)
  }

  @Test func aFailedExpectationStillDrawsWhatHappenedAndExitsOne() throws {
    let scratch = try Scratch()
    let file = scratch.path("failure.mmd")
    let result = try CommandLine.run([
      "run", "--diagram", "mermaid", "--output", file, "expectation-failure.lua",
    ])
    #expect(result.status == 1)
    #expect(result.error.contains("expect.events: applicationWillEnterForeground: did not come"))
    let diagram = try String(contentsOfFile: file, encoding: .utf8)
    #expect(diagram.hasPrefix("sequenceDiagram\n"))
    #expect(diagram.hasSuffix("  Note over System: screen launch removed\n"))
  }

  @Test func aScriptErrorStillDrawsTheTraceUpToTheFailureAndExitsTwo() throws {
    let result = try CommandLine.run(["run", "--diagram", "plantuml", "delegate-error.lua"])
    #expect(result.status == 2)
    #expect(result.error.contains("attempt to index a nil value"))
    #expect(
      result.output.hasSuffix(
        "UIKit -> AppDelegate : applicationDidBecomeActive:\n@enduml\n"))
  }

  @Test(arguments: ["syntax-error.lua", "missing.lua"])
  func aRunThatFailedBeforeAnythingHappenedDrawsNothing(file: String) throws {
    let scratch = try Scratch()
    let output = scratch.path("nothing.svg")
    let result = try CommandLine.run(["run", "--diagram", "svg", "--output", output, file])
    #expect(result.status == 2)
    #expect(!FileManager.default.fileExists(atPath: output))
  }

  @Test func traceShowsWhatTheScenarioDidAndTraceAllWhatUIKitSkippedToo() throws {
    let trace = try CommandLine.run(["run", "--trace", "warm-url-not-implemented.lua"])
    let all = try CommandLine.run(["run", "--trace-all", "warm-url-not-implemented.lua"])
    let both = try CommandLine.run([
      "run", "--trace", "--trace-all", "warm-url-not-implemented.lua",
    ])
    #expect(trace.status == 1)
    #expect(all.status == 1)
    #expect(trace.error == all.error)
    #expect(both.output == all.output)
    #expect(
      trace.output.hasSuffix(
        """
        device home
        post UISceneWillDeactivateNotification
        post UIApplicationWillResignActiveNotification
        post UISceneDidEnterBackgroundNotification
        post UIApplicationDidEnterBackgroundNotification
        wait 30 s
        device open_url demo://item/7
        post UISceneWillEnterForegroundNotification
        post UIApplicationWillEnterForegroundNotification
        SceneDelegate.sceneDidBecomeActive:
        post UISceneDidActivateNotification
        post UIApplicationDidBecomeActiveNotification

        """))
    #expect(!trace.output.contains("skipped "))
    #expect(
      all.output.hasSuffix(
        """
        wait 30 s
        device open_url demo://item/7
        skipped SceneDelegate.sceneWillEnterForeground: (not implemented)
        post UISceneWillEnterForegroundNotification
        post UIApplicationWillEnterForegroundNotification
        skipped SceneDelegate.scene:openURLContexts: (not implemented)
        SceneDelegate.sceneDidBecomeActive:
        post UISceneDidActivateNotification
        post UIApplicationDidBecomeActiveNotification

        """))
    // What was skipped is all --trace-all adds.
    #expect(
      all.output.split(separator: "\n").filter { !$0.hasPrefix("skipped ") }
        == trace.output.split(separator: "\n"))
  }

  @Test func hostileActionArgumentsStayOneTraceLineEach() throws {
    let result = try CommandLine.run(["run", "--trace", "hostile-actions.lua"])
    #expect(result.status == 0, "\(result.error)")
    let lines = result.output.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.contains(#"device open_url demo://x-->y;z#w"q'<b>&amp;"#))
    #expect(lines.contains(#"device shortcut line\nbreak\r\u{1B}[31m"#))
    #expect(
      lines.contains(
        "device shortcut " + String(repeating: "huge ", count: 40) + "… (5000 characters)"))
    #expect(lines.contains("wait 0.25 s"))
    for format in ["mermaid", "plantuml", "svg"] {
      let drawn = try CommandLine.run(["run", "--diagram", format, "hostile-actions.lua"])
      #expect(drawn.status == 0)
      #expect(!drawn.output.contains("\u{1B}"), "\(format)")
      #expect(
        !drawn.output.contains(
          "huge huge huge huge huge huge huge huge huge huge huge huge huge huge huge huge huge"),
        "\(format): the action is cut")
    }
  }

  @Test func aDiagramShowsTheScenariosActionsAsDividers() throws {
    let result = try CommandLine.run([
      "run", "--diagram", "plantuml", "warm-url-not-implemented.lua",
    ])
    #expect(result.status == 1)
    #expect(result.output.contains("\n== device home ==\n"))
    #expect(result.output.contains("\n== wait 30 s ==\n"))
    #expect(result.output.contains("\n== device open_url demo:<U+002F>/item/7 ==\n"))
    #expect(!result.output.contains("openURLContexts"))
  }

  @Test func runHelpDocumentsTheDiagramOptions() throws {
    let help = try CommandLine.run(["run", "--help"]).output
    #expect(help.contains("--diagram <format>"))
    #expect(help.contains("--output <file>"))
    #expect(help.contains("after the trace when --trace is given too"))
    #expect(help.contains("--trace-all"))
  }
}

@Suite struct DiagramScreenshotTests {
  static let chromium = CommandLine.find("chromium")

  /// A browser shows the SVG diagram on its own: Chromium renders it to a PNG of its size.
  @Test(.enabled(if: chromium != nil, "chromium is not on PATH (Debian: apt-get install chromium)"))
  func chromiumRendersTheSVGDiagramToAPNG() throws {
    let scratch = try DiagramCommandTests.Scratch()
    let svg = scratch.path("minimal-app.svg")
    let png = scratch.path("minimal-app.png")
    let run = try CommandLine.run(
      ["run", "--diagram", "svg", "--output", svg, "Scripts/examples/minimal-app.lua"],
      in: CommandLine.repository)
    #expect(run.status == 0)
    let text = try String(contentsOfFile: svg, encoding: .utf8)
    let size = try #require(Self.size(of: text))
    let shot = try CommandLine.tool(
      [
        Self.chromium!, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
        "--user-data-dir=" + scratch.path("profile"), "--screenshot=" + png,
        "--window-size=\(size.width),\(size.height)", "file://" + svg,
      ], in: scratch.url, seconds: 120)
    #expect(shot.status == 0, "\(shot.error)")
    let image = try Data(contentsOf: URL(fileURLWithPath: png))
    #expect(image.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
    // The IHDR chunk: width and height, big-endian, at bytes 16 and 20.
    let dimension = { (offset: Int) in
      image.dropFirst(offset).prefix(4).reduce(0) { $0 << 8 | Int($1) }
    }
    #expect(image.count > 1000)
    #expect(dimension(16) == size.width && dimension(20) == size.height)
  }

  /// The root element's `width` and `height`.
  static func size(of svg: String) -> (width: Int, height: Int)? {
    guard let root = svg.split(separator: "\n").first(where: { $0.hasPrefix("<svg ") }) else {
      return nil
    }
    func attribute(_ name: String) -> Int? {
      guard let start = root.range(of: " \(name)=\"") else { return nil }
      return Int(root[start.upperBound...].prefix { $0 != "\"" })
    }
    guard let width = attribute("width"), let height = attribute("height") else { return nil }
    return (width, height)
  }
}
