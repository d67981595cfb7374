import Foundation
import Testing

/// `Project "../X.xcodeproj"` through the real command line, on the project fixtures of
/// `Fixtures/projects/`: one app per Xcode era and shape, each with its scenario in
/// `LifecycleTests/` (the `.xcodeproj` folder marks each fixture's project root), and broken
/// projects whose errors are pinned word for word.
@Suite struct XcodeProjectCommandTests {
  static let projects = CommandLine.fixtures.appendingPathComponent("projects")

  /// Runs `lifescript` with `arguments` in the fixture folder `folder`.
  static func run(_ folder: String, _ arguments: [String]) throws -> CommandLine.Result {
    try CommandLine.run(
      arguments, in: projects.appendingPathComponent(folder), seconds: 30)
  }

  /// The fixture's folder as a message names the project root.
  static func root(_ folder: String) -> String {
    projects.appendingPathComponent(folder).resolvingSymlinksInPath().path
  }

  struct Launch: CustomTestStringConvertible, Sendable {
    var folder: String
    /// The trace's first line: what the project load chose.
    var summary: String
    var error = ""
    var testDescription: String { folder }
  }

  static let launches: [Launch] = [
    Launch(
      folder: "Legacy",
      summary:
        "project Legacy.xcodeproj: target Legacy, configuration Debug (of Debug, Release), module Legacy, Info.plist Legacy/Info.plist, storyboards LaunchScreen, Main"
    ),
    Launch(
      folder: "Scenes",
      summary:
        "project Scenes.xcodeproj: target Scenes, configuration Debug (of Debug, Release), module Scenes, Info.plist Scenes/Info.plist, storyboards LaunchScreen, Main"
    ),
    Launch(
      folder: "HomeApp",
      summary:
        "project HomeApp.xcodeproj: target App (not App-macOS (application for macosx)), configuration Debug (of Debug, Beta, Release), module Home_Assistant_Δ (from PRODUCT_NAME \"Home Assistant Δ\"), Info.plist App/Info.plist + 14 generated keys, storyboards LaunchScreen, Main"
    ),
    Launch(
      folder: "Synced",
      summary:
        "project Synced.xcodeproj: target Synced, configuration Debug (of Debug, Release), module Synced, Info.plist Synced/Info.plist + 14 generated keys, storyboards LaunchScreen, Main"
    ),
    Launch(
      folder: "Codeless",
      summary:
        "project Codeless.xcodeproj: target Codeless, configuration Debug (of Debug, Release), module Codeless, Info.plist Codeless/Info.plist + 12 generated keys, no storyboards"
    ),
    Launch(
      folder: "Configured",
      summary:
        "project Configured.xcodeproj: target Configured, configuration Debug (of Debug, Release), module Configured_App (from PRODUCT_NAME \"Configured App\"), Info.plist Configured/Info.plist, storyboards LaunchScreen, Main",
      error: """
        Configured/Info.plist:23: warning[duplicate-info-key]: the key CFBundleShortVersionString appears again (first at line 19); the later value is used, as Xcode reads the file
        Configs/Project.xcconfig:7: warning[project-file]: the included file is not read: cannot open ../Common/Company.xcconfig: it is outside the project root ROOT (the nearest folder above the scenario with .git, an .xcodeproj, Package.swift or lifescript.lua); use --root to widen it
        warning[project-file]: Configured.xcodeproj: the base configuration file of the target Configured (Debug) is missing: Pods/Target Support Files/Pods-Configured/Pods-Configured.debug.xcconfig; the load goes on without its settings, as in Xcode

        """),
  ]

  @Test(arguments: launches)
  func eachEraLaunchesFromItsOwnProject(launch: Launch) throws {
    let result = try Self.run(launch.folder, ["run", "LifecycleTests/launch.lua"])
    #expect(
      result.error.replacingOccurrences(of: Self.root(launch.folder), with: "ROOT")
        == launch.error)
    #expect(result.output == "")
    #expect(result.status == 0)
    let traced = try Self.run(launch.folder, ["run", "--trace", "LifecycleTests/launch.lua"])
    #expect(traced.output.split(separator: "\n").first.map(String.init) == launch.summary)
  }

  /// `Project` builds the whole configuration, so it must come before `Info` and
  /// `BuildSettings`: after them it is an error at its line that says why, not a silent reset.
  @Test func aProjectAfterInfoIsAnErrorAtItsLine() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("lifescript-project-order-" + UUID().uuidString)
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.copyItem(at: Self.projects.appendingPathComponent("Scenes"), to: folder)
    try """
    Info { UIApplicationSupportsMultipleScenes = true }
    Project "../Scenes.xcodeproj"

    """.write(
      to: folder.appendingPathComponent("LifecycleTests/info-first.lua"), atomically: true,
      encoding: .utf8)
    let result = try CommandLine.run(["run", "LifecycleTests/info-first.lua"], in: folder)
    #expect(result.status == 2)
    #expect(result.output == "")
    #expect(
      result.error == """
        LifecycleTests/info-first.lua:2: Project: this launch's configuration already began with Info at LifecycleTests/info-first.lua:1; Project builds the whole app (its Info.plist and build settings), so give it first and add keys after it with Info or BuildSettings
        stack traceback:
        \t[C]: in function 'Project'
        \tLifecycleTests/info-first.lua:2: in main chunk

        """)
  }

  @Test func aRootThatCoversAnIncludeOutsideTheRepositoryReadsIt() throws {
    let result = try Self.run(
      "Configured", ["run", "--root", "..", "LifecycleTests/launch.lua"])
    #expect(
      result.error
        == "Configured/Info.plist:23: warning[duplicate-info-key]: the key CFBundleShortVersionString appears again (first at line 19); the later value is used, as Xcode reads the file\n"
        + "warning[project-file]: Configured.xcodeproj: the base configuration file of the target Configured (Debug) is missing: Pods/Target Support Files/Pods-Configured/Pods-Configured.debug.xcconfig; the load goes on without its settings, as in Xcode\n"
    )
    #expect(result.status == 0)
  }

  @Test func theSuiteOfAProjectPasses() throws {
    let result = try Self.run("HomeApp", ["test", "LifecycleTests"])
    #expect(result.status == 0)
    #expect(result.output.hasSuffix("1 passed, 0 failed\n"), "\(result.output)")
  }

  @Test func anInfoPlistAloneWarnsOfTheVariableNothingSets() throws {
    let result = try Self.run("Scenes", ["run", "LifecycleTests/info-alone.lua"])
    #expect(
      result.error
        == "warning[unresolved-class-name]: the Info.plist's UISceneDelegateClassName $(PRODUCT_MODULE_NAME).SceneDelegate names the build setting PRODUCT_MODULE_NAME, which nothing sets, so UIKit looks for the class \".SceneDelegate\"; to fix, load the app from its project (Project \"MyApp.xcodeproj\") or set the build settings (BuildSettings { PRODUCT_MODULE_NAME = \"...\" }) (see Documentation/Reference/xcode-projects.md#an-infoplist-alone)\n"
    )
    #expect(result.status == 0)
  }

  struct Failure: CustomTestStringConvertible, Sendable {
    var folder: String
    var error: String
    var testDescription: String { folder }
  }

  static func traceback(_ function: String, line: Int) -> String {
    "stack traceback:\n\t[C]: in function '\(function)'\n\tLifecycleTests/launch.lua:\(line): in main chunk\n"
  }

  static let failures: [Failure] = [
    Failure(
      folder: "bad/truncated",
      error:
        "Legacy.xcodeproj/project.pbxproj:73:1: the file ends inside the dictionary that starts at line 70, column 43\n"
        + traceback("Project", line: 3)),
    Failure(
      folder: "bad/corrupt",
      error: "Legacy.xcodeproj/project.pbxproj:37:1: expected a key or '}', found '<'\n"
        + traceback("Project", line: 3)),
    Failure(
      folder: "bad/no-app-target",
      error:
        "LifecycleTests/launch.lua:3: Legacy.xcodeproj has no iOS application target (an application product built for iphoneos); its targets: Legacy (framework)\n"
        + traceback("Project", line: 3)),
    Failure(
      folder: "bad/two-app-targets",
      error:
        "LifecycleTests/launch.lua:3: Legacy.xcodeproj has 2 iOS application targets: Legacy, Legacy Lite; name one with Project(\"../Legacy.xcodeproj\", { target = \"Legacy\" })\n"
        + traceback("Project", line: 3)),
    Failure(
      folder: "bad/missing-info-plist",
      error:
        "LifecycleTests/launch.lua:3: the Info.plist of the target Legacy does not exist: Legacy/Info.plist (INFOPLIST_FILE = Legacy/Info.plist, set in Legacy.xcodeproj (target Legacy, Debug))\n"
        + traceback("Project", line: 3)),
    Failure(
      folder: "bad/variable-cycle",
      error:
        "LifecycleTests/launch.lua:4: the build settings PRODUCT_NAME = $(APP_NAME) (Legacy.xcodeproj (target Legacy, Debug)) → APP_NAME = $(PRODUCT_NAME) Pro (Legacy.xcodeproj (target Legacy, Debug)) → PRODUCT_NAME refer to each other in a cycle; Xcode would leave them empty, lifescript stops: break the cycle\n"
        + traceback("Project", line: 4)),
    Failure(
      folder: "bad/deployment-target",
      error:
        "LifecycleTests/launch.lua:7: the app cannot be installed on iOS 26: its Info.plist's MinimumOSVersion is 27.0 (Xcode writes IPHONEOS_DEPLOYMENT_TARGET there); run it on iOS 27.0 or later with device.ios(\"27.0\") or --ios 27.0\n"
        + traceback("main", line: 7)),
  ]

  @Test(arguments: failures)
  func aBrokenProjectIsAClearErrorWithExitStatus2(failure: Failure) throws {
    let result = try Self.run(failure.folder, ["run", "LifecycleTests/launch.lua"])
    #expect(result.error == failure.error)
    #expect(result.output == "")
    #expect(result.status == 2)
  }

  /// R19 of issue 29: a line break in a name of the project's reached the `--trace` line and
  /// messages as it was, so a project could print lines of its own (`ok 1 - forged`).
  @Test func aLineBreakInAProjectsNamesPrintsNoLineOfItsOwn() throws {
    let scratch = URL(fileURLWithPath: NSTemporaryDirectory())
      .appendingPathComponent("lifescript-forged-names-" + UUID().uuidString)
    defer { try? FileManager.default.removeItem(at: scratch) }
    try FileManager.default.copyItem(
      at: Self.projects.appendingPathComponent("Legacy"), to: scratch)
    let file = scratch.appendingPathComponent("Legacy.xcodeproj/project.pbxproj")
    let original = try String(contentsOf: file, encoding: .utf8)
    func run(_ text: String) throws -> CommandLine.Result {
      #expect(text != original)
      try text.write(to: file, atomically: true, encoding: .utf8)
      return try CommandLine.run(
        ["run", "--trace", "LifecycleTests/launch.lua"], in: scratch, seconds: 30)
    }
    func forged(_ result: CommandLine.Result) -> [Substring] {
      (result.output + result.error).split(separator: "\n").filter {
        $0.hasPrefix("ok 1") || $0.hasPrefix("PASS")
      }
    }

    // The target's name: refused, as a storyboard's names are.
    let target = try run(
      original.replacingOccurrences(
        of: "\t\t\tname = Legacy;\n", with: "\t\t\tname = \"Legacy\\nok 1 - forged\";\n"))
    #expect(
      target.error
        == "LifecycleTests/launch.lua:7: Legacy.xcodeproj/project.pbxproj: a target's name holds a control character: \"Legacy\\nok 1 - forged\"\n"
        + Self.traceback("Project", line: 7))
    #expect(target.output == "")
    #expect(target.status == 2)

    // The product name: escaped in the trace's project line.
    let product = try run(
      original.replacingOccurrences(
        of: "PRODUCT_NAME = \"$(TARGET_NAME)\";",
        with: "PRODUCT_NAME = \"Legacy\\nPASS  forged.lua\";"))
    #expect(forged(product) == [], "\(product.output)\(product.error)")
    #expect(
      product.output.hasPrefix(
        "project Legacy.xcodeproj: target Legacy, configuration Debug (of Debug, Release), module Legacy_PASS__forged_lua (from PRODUCT_NAME \"Legacy\\nPASS  forged.lua\"), "
      ), "\(product.output)")
  }

  @Test func aProjectFileOfSeveralMegabytesLoads() throws {
    // The Legacy fixture in a scratch folder, its project file grown past 7 MB with the file
    // references of a large app.
    let scratch = URL(fileURLWithPath: NSTemporaryDirectory())
      .appendingPathComponent("lifescript-large-project-" + UUID().uuidString)
    defer { try? FileManager.default.removeItem(at: scratch) }
    try FileManager.default.copyItem(
      at: Self.projects.appendingPathComponent("Legacy"), to: scratch)
    let file = scratch.appendingPathComponent("Legacy.xcodeproj/project.pbxproj")
    var text = try String(contentsOf: file, encoding: .utf8)
    var references = ""
    for number in 0..<40_000 {
      let id = String(number, radix: 16, uppercase: true)
      references +=
        "\t\t\(String(repeating: "0", count: 24 - id.count) + id) /* Source\(number).swift */ = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = \"Sources/Feature\(number / 100)/Source\(number).swift\"; sourceTree = \"<group>\"; };\n"
    }
    text = text.replacingOccurrences(
      of: "/* End PBXFileReference section */",
      with: references + "/* End PBXFileReference section */")
    try text.write(to: file, atomically: true, encoding: .utf8)
    #expect(text.utf8.count > 7_000_000)
    let result = try CommandLine.run(
      ["run", "LifecycleTests/launch.lua"], in: scratch, seconds: 60)
    #expect(result.error == "")
    #expect(result.status == 0)
  }
}
