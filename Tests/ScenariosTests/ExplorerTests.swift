import Foundation
import Scenarios
import Testing

/// The search of `lifescript explore` (Documentation/Reference/explore.md): the shortest
/// violation, sharding that covers the whole space, merged states.
@Suite struct ExplorerTests {
  static let scripts = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Scripts/explore")

  /// A scene app with a URL scheme and no state key: every path runs.
  static let unmerged = """
    Info {
      UIApplicationSceneManifest = { UISceneConfigurations = { UIWindowSceneSessionRoleApplication = {
        { UISceneConfigurationName = "Default", UISceneDelegateClassName = "SceneDelegate" } } } },
      CFBundleURLTypes = { { CFBundleURLSchemes = { "notes" } } },
    }
    local AppDelegate = class("AppDelegate", UIResponder, { "UIApplicationDelegate" })
    function AppDelegate:application_didFinishLaunchingWithOptions(application, options) return true end
    SceneDelegate = class("SceneDelegate", UIResponder, { "UIWindowSceneDelegate" })
    main(AppDelegate)
    """

  static func write(_ source: String) throws -> String {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("explorer-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let file = folder.appendingPathComponent("app.lua")
    try source.write(to: file, atomically: true, encoding: .utf8)
    return file.path
  }

  static func paths(_ file: String, depth: Int, shard: (Int, Int)? = nil) -> [[String]] {
    var options = Explorer.Options()
    options.depth = depth
    options.shard = shard
    var explorer = Explorer(file: file, options: options)
    var paths: [[String]] = []
    explorer.onPath = { paths.append($0.map(\.code)) }
    #expect(explorer.run().ending == .complete)
    return paths
  }

  @Test func theShardsTogetherRunEveryPathOfTheWholeSearch() throws {
    let file = try Self.write(Self.unmerged)
    let whole = Self.paths(file, depth: 2)
    #expect(whole.count > 20)
    #expect(Set(whole.map { $0.joined(separator: ";") }).count == whole.count)
    for count in [2, 3, 50] {
      var union: Set<[String]> = []
      var below: [[String]] = []
      for index in 1...count {
        let part = Self.paths(file, depth: 2, shard: (index, count))
        union.formUnion(part)
        below += part.filter { $0.count == 2 }
      }
      #expect(union == Set(whole), "\(count) shards")
      // Each path of the split level and below runs in one shard only.
      #expect(below.count == Set(below).count, "\(count) shards")
    }
  }

  @Test func theFirstViolationIsTheShortestAndNamesItsStep() throws {
    var options = Explorer.Options()
    options.depth = 4
    let explorer = Explorer(
      file: Self.scripts.appendingPathComponent("upload-task.lua").path, options: options)
    let report = explorer.run()
    #expect(report.ending == .violation)
    let violation = try #require(report.violation)
    #expect(violation.path.map(\.code) == ["device.home()", "wait(30)"])
    #expect(violation.step == 2)
    #expect(violation.headline == "the app ended abnormally")
    #expect(violation.detail?.contains("\"upload\" was not ended") == true)
  }

  @Test func aStateKeyMergesPathsThatReachTheSameState() throws {
    let merged = try Self.write(Self.unmerged + "\nexplore.state(function() return 0 end)\n")
    let unmerged = try Self.write(Self.unmerged)
    #expect(Self.paths(merged, depth: 3).count < Self.paths(unmerged, depth: 3).count / 3)
  }

  @Test func aStateKeyThatCannotBeComparedIsAnError() throws {
    for (key, message) in [
      ("function() return print end", "must be made of nil, booleans, numbers, strings and tables"),
      ("function() local t = {} t.t = t return t end", "contains itself"),
      ("function() local t = {} for i = 1, 40 do t = { t } end return t end", "deeper than 32"),
    ] {
      let file = try Self.write(Self.unmerged + "\nexplore.state(\(key))\n")
      var options = Explorer.Options()
      options.depth = 1
      let report = Explorer(file: file, options: options).run()
      #expect(report.ending == .error)
      #expect(report.failure?.message.contains(message) == true, "\(key)")
    }
  }

  /// A rotation is tried while the app is in the foreground (to landscape, then back), and a
  /// wait for the app's next timer while its process runs: not once it is suspended, where its
  /// timers wait.
  @Test func rotationAndTheAppsTimersAreExploredWhereTheyChangeSomething() throws {
    let file = try Self.write(
      """
      local AppDelegate = class("AppDelegate", UIResponder, { "UIApplicationDelegate" })
      function AppDelegate:application_didFinishLaunchingWithOptions(application, options)
        DispatchQueue.main:asyncAfter(0.1, function() end)
        DispatchQueue.main:asyncAfter(1e9, function() end)
        Timer.scheduledTimer(0, false, function() end)
        DispatchQueue.main:asyncAfter(0/0, function() end)
        DispatchQueue.main:asyncAfter(-math.huge, function() end)
        return true
      end
      main(AppDelegate)
      """)
    let paths = Self.paths(file, depth: 2).map { $0.joined(separator: "; ") }
    // One wait at the first level: the timer due now and the NaN and negative delays ran in the
    // launch's turn.
    #expect(paths.filter { $0.hasPrefix("wait(") && !$0.contains(";") } == ["wait(0.1)"])
    #expect(paths.contains("wait(0.1); wait(999999999.9)"))
    #expect(paths.contains("device.rotate(\"landscapeLeft\"); device.rotate(\"portrait\")"))
    #expect(paths.contains("device.home(); device.activate()"))
    #expect(!paths.contains { $0.hasPrefix("device.home(); wait(") })
    #expect(!paths.contains { $0.hasPrefix("device.home(); device.rotate(") })
    #expect(!paths.contains("device.rotate(\"landscapeLeft\"); device.rotate(\"landscapeLeft\")"))
  }

  /// Scripts/explore's UI-work bug is found with the app's timer: the wait for it comes before
  /// the wait for the background allowance, so the shortest path names it.
  @Test func theTimerWaitComesBeforeTheAllowancesWait() throws {
    var options = Explorer.Options()
    options.depth = 2
    let report = Explorer(
      file: Self.scripts.appendingPathComponent("sync-alert.lua").path, options: options
    ).run()
    let violation = try #require(report.violation)
    #expect(violation.path.map(\.code) == ["device.home()", "wait(5)"])
    #expect(violation.path.map(\.name) == ["home", "wait 5 (a timer)"])
    #expect(violation.headline == "the app broke UIKit's contract")
  }
}
