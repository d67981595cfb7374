import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Durations differ from run to run; everything else in a suite's text report is pinned.
private func normalized(_ text: String) -> String {
  text.replacingOccurrences(of: #"\(\d+ ms\)"#, with: "(… ms)", options: .regularExpression)
    .replacingOccurrences(of: #" in \d+\.\d\d s"#, with: " in … s", options: .regularExpression)
}

/// `lifescript.lua` through the real commands: `Fixtures/configured` is a suite with a
/// configuration (iOS 18.3, the app's Info.plist, `lua-warn` left out, `drafts/**` excluded), a
/// helper module its scenarios require, and an editor definitions file; bad configurations are
/// written to scratch folders.
@Suite struct SuiteConfigurationCommandTests {
  static let configured = CommandLine.fixtures.appendingPathComponent("configured")
  static let misspelled =
    "helpers/app.lua:11: warning[misspelled-method]: SceneDelegate:sceneWillResignActiv matches no method of UIWindowSceneDelegate, so UIKit never calls it; did you mean sceneWillResignActive (sceneWillResignActive:)?"

  @Test func testWithoutPathsRunsTheConfiguredSuiteAndNoHelperOrDefinitionsFile() throws {
    let result = try CommandLine.run(["test", "-j", "1"], in: Self.configured)
    #expect(result.status == 0)
    #expect(result.error == "")
    #expect(
      normalized(result.output) == """
        lifescript test: 2 scenarios on 1 worker, configured by lifescript.lua
        PASS  background.lua (… ms)
        launch.lua | iOS 18.3
        PASS  launch.lua (… ms)

        Warnings (each once):
          \(Self.misspelled)
            from background.lua, launch.lua
        2 scenarios in … s
        2 passed, 0 failed

        """)
  }

  @Test func aFolderOfTheSuiteTakesTheSameConfigurationFromAnywhere() throws {
    let listed = try CommandLine.run(["test", "--list", "configured"])
    #expect(listed.output == "configured/background.lua\nconfigured/launch.lua\n")
    let dot = try CommandLine.run(["test", "--list", "."], in: Self.configured)
    #expect(dot.output == "background.lua\nlaunch.lua\n")
    // Named directly, a file runs whatever the patterns say.
    let named = try CommandLine.run(["test", "--list", "configured/drafts/unfinished.lua"])
    #expect(named.output == "configured/drafts/unfinished.lua\n")
  }

  @Test func jsonNamesTheConfiguration() throws {
    let result = try CommandLine.run(["test", "--format", "json", "configured"])
    let first = try #require(result.output.split(separator: "\n").first)
    #expect(first.hasSuffix(#","configuration":"configured/lifescript.lua"}"#), "\(first)")
    let none = try CommandLine.run(["test", "--format", "json", "suite/passes.lua"])
    #expect(none.output.split(separator: "\n").first?.hasSuffix(#","configuration":null}"#) == true)
  }

  @Test func runTakesTheConfigurationOfTheScenariosProjectRoot() throws {
    let short = try CommandLine.run(["run", "configured/launch.lua"])
    #expect(short.status == 0)
    #expect(short.output == "iOS 18.3\n")
    #expect(short.error == "configured/" + Self.misspelled + "\n")
    let parsed = try CommandLine.run(["run", "--trace", "configured/launch.lua"])
    #expect(parsed.output.contains("new SceneDelegate\n"), "the scene manifest of App/Info.plist")
  }

  @Test func commandLineFlagsOverrideTheFile() throws {
    let result = try CommandLine.run(
      ["test", "-j", "1", "--ios", "26", "--warnings", "none", "--filter", "launch"],
      in: Self.configured)
    #expect(
      normalized(result.output) == """
        lifescript test: 1 scenario on 1 worker, configured by lifescript.lua
        launch.lua | iOS 26
        PASS  launch.lua (… ms)

        1 scenario in … s
        1 passed, 0 failed

        """)
    let run = try CommandLine.run(
      ["run", "--ios", "17", "--ignore-warning", "misspelled-method", "configured/launch.lua"])
    #expect(run.output == "iOS 17\n")
    #expect(run.error == "")
  }

  @Test func testWithoutPathsAndWithoutAConfigurationIsAUsageError() throws {
    let result = try CommandLine.run(["test"])
    #expect(result.status == 2)
    #expect(
      result.error
        == "lifescript test: no paths, and no lifescript.lua in the current folder or above it; name the scenarios to run (lifescript test LifecycleTests/), or configure the suite in lifescript.lua (Documentation/Reference/lifescript-lua.md)\n"
    )
    #expect(result.output == "")
  }

  /// A scratch repository: `.git`, `MyApp/Info.plist`, `LifecycleTests/` with a scenario, a
  /// helper and the given lifescript.lua (none when nil).
  func repository(_ configuration: String?) throws -> URL {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("lifescript-config-" + UUID().uuidString)
    let tests = folder.appendingPathComponent("LifecycleTests")
    try FileManager.default.createDirectory(at: tests, withIntermediateDirectories: true)
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent(".git"), withIntermediateDirectories: true)
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("MyApp"), withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      at: Self.configured.appendingPathComponent("App/Info.plist"),
      to: folder.appendingPathComponent("MyApp/Info.plist"))
    try """
    local AppDelegate = class("AppDelegate", UIResponder, { "UIApplicationDelegate" })
    function AppDelegate:application_didFinishLaunchingWithOptions(a, o) return true end
    class("SceneDelegate", UIResponder, { "UIWindowSceneDelegate" })
    return AppDelegate
    """.write(to: tests.appendingPathComponent("app.lua"), atomically: true, encoding: .utf8)
    try """
    main(require("app"))
    expect.order { "new SceneDelegate" }
    """.write(to: tests.appendingPathComponent("launch.lua"), atomically: true, encoding: .utf8)
    if let configuration {
      try configuration.write(
        to: tests.appendingPathComponent("lifescript.lua"), atomically: true, encoding: .utf8)
    }
    return folder
  }

  @Test func aRootInTheFileLetsScenariosReadTheAppBesideThem() throws {
    let folder = try repository(
      """
      root = ".."
      info = "../MyApp/Info.plist"
      format = "tap"
      """)
    let result = try CommandLine.run(["test", "LifecycleTests"], in: folder)
    #expect(result.status == 0, "\(result.error)")
    #expect(
      result.output
        == "TAP version 13\n1..1\nok 1 - LifecycleTests/launch.lua\n# 1 passed, 0 failed\n")
    // Without the root, the same Info.plist is outside it: the message names the setting.
    try "info = \"../MyApp/Info.plist\"".write(
      to: folder.appendingPathComponent("LifecycleTests/lifescript.lua"), atomically: true,
      encoding: .utf8)
    let outside = try CommandLine.run(["run", "LifecycleTests/launch.lua"], in: folder)
    #expect(outside.status == 2)
    #expect(
      outside.error.hasPrefix(
        "info in LifecycleTests/lifescript.lua: cannot open MyApp/Info.plist: it is outside the project root "
      ), "\(outside.error)")
    #expect(
      outside.error.hasSuffix(
        "LifecycleTests (the nearest folder above the scenario with .git, an .xcodeproj, Package.swift or lifescript.lua); set root in LifecycleTests/lifescript.lua, or use --root to widen it\n"
      ), "\(outside.error)")
  }

  @Test(arguments: [
    (
      "root = \"../MyApp\"",
      "root = \"../MyApp\" in LifecycleTests/lifescript.lua does not contain the scenario's folder LifecycleTests\n"
    ),
    (
      "root = \"nope\"",
      "root = \"nope\" in LifecycleTests/lifescript.lua: No such file or directory\n"
    ),
  ])
  func aRootThatCannotBeTheRootNamesTheSetting(configuration: String, message: String) throws {
    let folder = try repository(configuration)
    let result = try CommandLine.run(["run", "LifecycleTests/launch.lua"], in: folder)
    #expect(result.status == 2)
    #expect(result.error == message)
  }

  /// `project` in lifescript.lua launches the app from its Xcode project, as a `Project` line
  /// at the top of each scenario would: here the Xcode 12 scene app of `Fixtures/projects`,
  /// whose scenario no longer names the project itself.
  @Test func projectLaunchesTheAppFromItsXcodeProject() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("lifescript-config-project-" + UUID().uuidString)
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.copyItem(
      at: CommandLine.fixtures.appendingPathComponent("projects/Scenes"), to: folder)
    let tests = folder.appendingPathComponent("LifecycleTests")
    try FileManager.default.removeItem(at: tests.appendingPathComponent("info-alone.lua"))
    let scenario = tests.appendingPathComponent("launch.lua")
    let original = try String(contentsOf: scenario, encoding: .utf8)
    #expect(original.contains("Project \"../Scenes.xcodeproj\"\n"))
    try original.replacingOccurrences(of: "Project \"../Scenes.xcodeproj\"\n", with: "")
      .write(to: scenario, atomically: true, encoding: .utf8)
    try "project = \"../Scenes.xcodeproj\"\nroot = \"..\"\n".write(
      to: tests.appendingPathComponent("lifescript.lua"), atomically: true, encoding: .utf8)

    let run = try CommandLine.run(["run", "--trace", "LifecycleTests/launch.lua"], in: folder)
    #expect(run.status == 0, "\(run.error)")
    #expect(run.error == "")
    #expect(
      run.output.contains(
        "project Scenes.xcodeproj: target Scenes, configuration Debug (of Debug, Release), module Scenes"
      ))
    let suite = try CommandLine.run(["test"], in: tests)
    #expect(suite.status == 0, "\(suite.output)")
    #expect(suite.output.hasSuffix("1 passed, 0 failed\n"))

    // Without the setting, the scenario has no app of its own: nothing names the scene delegate.
    try FileManager.default.removeItem(at: tests.appendingPathComponent("lifescript.lua"))
    let bare = try CommandLine.run(["run", "LifecycleTests/launch.lua"], in: folder)
    #expect(bare.status == 1)
  }

  @Test(arguments: [
    (
      "warning = \"once\"",
      "LifecycleTests/lifescript.lua:1: unknown key 'warning' (did you mean warnings?); the keys are ios, info, project, root, options, seed, limits, warnings, ignore_warnings, scenarios, exclude, format, output, jobs\n"
    ),
    (
      "ios = \"18.3\"\nlimits = { memory = true }",
      "LifecycleTests/lifescript.lua:2: limits.memory: expected a size from 1 byte to 1TiB, like \"64MiB\" or a number of bytes, or \"none\", got true\n"
    ),
    // Issue 29, R9: the suite ran, and every scenario's worker "crashed with signal 4".
    (
      "limits = { memory = 9223372036854775807 }",
      "LifecycleTests/lifescript.lua:1: limits.memory: expected a size from 1 byte to 1TiB, like \"64MiB\" or a number of bytes, or \"none\", got 9223372036854775807\n"
    ),
    (
      "output = \"\"",
      "LifecycleTests/lifescript.lua:1: output: expected a file name, got \"\"\n"
    ),
    ("ios = \"18.3", "LifecycleTests/lifescript.lua:1: unfinished string near <eof>\n"),
    (
      "local f = io.open('/etc/passwd')",
      "LifecycleTests/lifescript.lua:1: attempt to index a nil value (global 'io')\n"
    ),
    (
      "while true do end",
      "LifecycleTests/lifescript.lua: ran more than 1000000 Lua instructions; lifescript.lua holds settings, not a program (a loop that never ends?)\n"
    ),
  ])
  func aBadConfigurationStopsEveryCommandWithExitStatusTwo(
    configuration: String, message: String
  ) throws {
    let folder = try repository(configuration)
    for arguments in [
      ["run", "LifecycleTests/launch.lua"], ["test", "LifecycleTests"],
      ["test", "LifecycleTests/launch.lua"],
    ] {
      let result = try CommandLine.run(arguments, in: folder)
      #expect(result.status == 2, "\(arguments)")
      #expect(result.error == message, "\(arguments)")
      #expect(result.output == "", "\(arguments)")
    }
    let inside = try CommandLine.run(["test"], in: folder.appendingPathComponent("LifecycleTests"))
    #expect(inside.status == 2)
    #expect(inside.error == message.replacingOccurrences(of: "LifecycleTests/", with: ""))
  }

  @Test func aFIFOOrAFolderNamedLifescriptLuaIsAClearErrorNotAHang() throws {
    let folder = try repository(nil)
    let path = folder.appendingPathComponent("LifecycleTests/lifescript.lua").path
    #expect(mkfifo(path, 0o644) == 0)
    let fifo = try CommandLine.run(["run", "LifecycleTests/launch.lua"], in: folder, seconds: 20)
    #expect(fifo.status == 2)
    #expect(
      fifo.error
        == "cannot read LifecycleTests/lifescript.lua: it is a FIFO (named pipe), not a Lua file\n")
    try FileManager.default.removeItem(atPath: path)
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
    let directory = try CommandLine.run(["test", "LifecycleTests"], in: folder, seconds: 20)
    #expect(directory.status == 2)
    #expect(
      directory.error
        == "cannot read LifecycleTests/lifescript.lua: it is a directory, not a Lua file\n")
  }

  @Test func pathsOfTwoSuitesAreRefused() throws {
    // suite-warnings has no lifescript.lua: configured's must not apply to it.
    let result = try CommandLine.run(["test", "configured", "suite-warnings"])
    #expect(result.status == 2)
    #expect(
      result.error
        == "lifescript test: the paths belong to suites with different lifescript.lua files (configured/lifescript.lua, none for suite-warnings); test each suite on its own\n"
    )
    let other = try repository("ios = \"17\"")
    let both = try CommandLine.run([
      "test", Self.configured.path, other.appendingPathComponent("LifecycleTests").path,
    ])
    #expect(both.status == 2)
    #expect(
      both.error.hasPrefix(
        "lifescript test: the paths belong to suites with different lifescript.lua files ("))
  }
}
