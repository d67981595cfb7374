import Foundation
import Scenarios
import Testing

/// `expect.golden` end to end through `ScenarioRunner`, in scratch folders.
@Suite final class GoldenFilesTests {
  let folder: URL

  init() throws {
    folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("lifescript-golden-" + UUID().uuidString)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  }

  deinit {
    try? FileManager.default.removeItem(at: folder)
  }

  func write(_ text: String, to name: String) throws -> String {
    let url = folder.appendingPathComponent(name)
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try text.write(to: url, atomically: true, encoding: .utf8)
    return url.path
  }

  func read(_ name: String) throws -> String {
    try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
  }

  /// Runs the scenario; returns its golden changes and its failure, if it failed.
  func run(_ path: String, record: Bool = false) -> ([GoldenChange], ScenarioFailure?) {
    var options = ScenarioOptions()
    options.recordGolden = record
    var changes: [GoldenChange] = []
    do {
      try ScenarioRunner.run(
        file: path, options: options, output: { _ in },
        finished: { changes = $0.goldenChanges })
      return (changes, nil)
    } catch {
      return (changes, error)
    }
  }

  static let launch = """
    device.ios("18.3")
    local AppDelegate = class("AppDelegate", UIResponder)
    function AppDelegate:applicationDidBecomeActive(application) end
    main(AppDelegate)
    expect.golden()

    """

  @Test func recordingCreatesThenUpdatesAndLeavesAnEqualFileAlone() throws {
    let scenario = try write(Self.launch, to: "launch.lua")
    let trace = folder.appendingPathComponent("launch.trace").path

    let (created, createFailure) = run(scenario, record: true)
    #expect(createFailure == nil)
    #expect(created == [GoldenChange(path: trace, kind: .created, added: 7, removed: 0)])
    #expect(
      try read("launch.trace") == """
        # Golden trace of expect.golden() in launch.lua, recorded by lifescript.
        # To record it again: lifescript test --record, or lifescript run --record launch.lua
        screen launch: none (letterboxed, legacy compatibility size)
        new UIApplication
        new AppDelegate
        post UIApplicationDidFinishLaunchingNotification
        AppDelegate.applicationDidBecomeActive:
        post UIApplicationDidBecomeActiveNotification
        screen launch removed

        """)
    #expect(run(scenario).1 == nil, "the recorded trace passes")
    #expect(run(scenario, record: true).0.isEmpty, "an equal file is not rewritten")

    _ = try write(
      Self.launch.replacingOccurrences(
        of: "expect.golden()", with: "device.home()\nexpect.golden()"), to: "launch.lua")
    let (_, failure) = run(scenario)
    #expect(failure?.isExpectationFailure == true)
    let (updated, updateFailure) = run(scenario, record: true)
    #expect(updateFailure == nil)
    #expect(updated == [GoldenChange(path: trace, kind: .updated, added: 2, removed: 0)])
    #expect(run(scenario).1 == nil)
  }

  @Test func reRecordingKeepsTheCommentsAtTheTop() throws {
    let scenario = try write(Self.launch, to: "launch.lua")
    _ = try write("# Reviewed by the lifecycle team.\nnew UIApplication\n", to: "launch.trace")
    let (changes, _) = run(scenario, record: true)
    #expect(changes.first?.kind == .updated)
    #expect(try read("launch.trace").hasPrefix("# Reviewed by the lifecycle team.\nscreen launch:"))
  }

  @Test func theSameStemInTwoFoldersHasTwoGoldenFiles() throws {
    let first = try write(Self.launch, to: "a/launch.lua")
    let second = try write(
      Self.launch.replacingOccurrences(
        of: "expect.golden()", with: "device.home()\nexpect.golden()"),
      to: "b/launch.lua")
    #expect(run(first, record: true).0.map(\.path) == [folder.path + "/a/launch.trace"])
    #expect(run(second, record: true).0.map(\.path) == [folder.path + "/b/launch.trace"])
    #expect(try read("a/launch.trace") != read("b/launch.trace"))
    #expect(run(first).1 == nil)
    #expect(run(second).1 == nil)
  }

  @Test func namedGoldenTracesAreSeparateFilesAndDoNotMoveTheCheckpoint() throws {
    let scenario = try write(
      """
      device.ios("18.3")
      local AppDelegate = class("AppDelegate", UIResponder)
      function AppDelegate:applicationDidBecomeActive(application) end
      main(AppDelegate)
      expect.golden("launch")
      device.home()
      expect.golden("home")
      expect.events { "applicationDidBecomeActive:" }

      """, to: "named.lua")
    let (changes, failure) = run(scenario, record: true)
    #expect(failure == nil)
    #expect(
      changes.map { FileManager.default.displayName(atPath: $0.path) } == [
        "named.launch.trace", "named.home.trace",
      ])
    #expect(run(scenario).1 == nil)
  }

  @Test func recordingStillFailsOtherExpectations() throws {
    let scenario = try write(
      Self.launch + "expect.never \"applicationDidBecomeActive:\"\n", to: "launch.lua")
    let (changes, failure) = run(scenario, record: true)
    #expect(changes.count == 1)
    #expect(failure?.isExpectationFailure == true)
  }

  @Test func aScenarioThatIsNotAFileHasNoGoldenTraces() throws {
    let scenario = try Scenario(folder: nil, output: { _ in })
    #expect(throws: (any Error).self) {
      try scenario.lua.run("expect.golden()", chunkName: "=test")
    }
  }
}
