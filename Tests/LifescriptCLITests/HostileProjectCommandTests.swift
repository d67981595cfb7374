import Foundation
import Testing

/// Xcode projects written to make lifescript's own work (build settings, xcconfig includes)
/// cost more than the machine has (issue 29: R1, R3, R5, R16), through the real binary: each is
/// an error naming the setting or the limit, never a crash or a hang, in `run` and in a suite.
@Suite struct HostileProjectCommandTests {
  /// The Configured fixture in a scratch folder, its project's xcconfig replaced by `settings`
  /// (and more files beside it); the scratch folder, removed by `done`.
  struct Scratch {
    let folder: URL

    init(settings: String, more: [String: String] = [:]) throws {
      folder = URL(fileURLWithPath: NSTemporaryDirectory())
        .appendingPathComponent("lifescript-hostile-project-" + UUID().uuidString)
      try FileManager.default.copyItem(
        at: XcodeProjectCommandTests.projects.appendingPathComponent("Configured"), to: folder)
      let configs = folder.appendingPathComponent("Configs")
      try settings.write(
        to: configs.appendingPathComponent("Project.xcconfig"), atomically: true,
        encoding: .utf8)
      for (name, text) in more {
        try text.write(
          to: configs.appendingPathComponent(name), atomically: true, encoding: .utf8)
      }
      try "Project \"../Configured.xcodeproj\"\n".write(
        to: folder.appendingPathComponent("LifecycleTests/launch.lua"), atomically: true,
        encoding: .utf8)
    }

    func run(_ arguments: [String]) throws -> CommandLine.Result {
      try CommandLine.run(arguments, in: folder, seconds: 60)
    }

    func done() { try? FileManager.default.removeItem(at: folder) }
  }

  static let traceback =
    "stack traceback:\n\t[C]: in function 'Project'\n\tLifecycleTests/launch.lua:1: in main chunk\n"

  @Test func settingsThatEachDoubleTheOneBelowAreAnErrorNamingTheSetting() throws {
    // A 3 KB project whose A40 is 2^40 bytes long, and PRODUCT_NAME needs it.
    var lines = ["A0 = x"]
    for level in 1...40 { lines.append("A\(level) = $(A\(level - 1))$(A\(level - 1))") }
    lines.append("PRODUCT_NAME = $(A40)")
    let scratch = try Scratch(settings: lines.joined(separator: "\n") + "\n")
    defer { scratch.done() }
    let result = try scratch.run(["run", "LifecycleTests/launch.lua"])
    #expect(
      result.error
        == "LifecycleTests/launch.lua:1: the build setting A21 (Configs/Project.xcconfig:22) expands to more than 1 MiB; lifescript stops (this limit is fixed: no app's value is that long)\n"
        + Self.traceback)
    #expect(result.status == 2)
    // In a suite's worker: a failed scenario, not a crashed one.
    let suite = try scratch.run(["test", "LifecycleTests"])
    #expect(suite.output.contains("ERROR  LifecycleTests/launch.lua"), "\(suite.output)")
    #expect(suite.output.contains("expands to more than 1 MiB"), "\(suite.output)")
    #expect(!suite.output.contains("crashed"), "\(suite.output)")
    #expect(suite.status == 2)
  }

  @Test func inheritedTwiceOnFortyLinesIsAnErrorNotAHang() throws {
    let settings =
      "X = x\n" + String(repeating: "X = $(inherited)$(inherited)\n", count: 40)
      + "PRODUCT_NAME = $(X)\n"
    let scratch = try Scratch(settings: settings)
    defer { scratch.done() }
    let result = try scratch.run(["run", "--timeout", "30", "LifecycleTests/launch.lua"])
    #expect(
      result.error
        == "LifecycleTests/launch.lua:1: the build setting X (Configs/Project.xcconfig:22) expands to more than 1 MiB; lifescript stops (this limit is fixed: no app's value is that long)\n"
        + Self.traceback)
    #expect(result.status == 2)
  }

  @Test func aFileIncludedAgainAndAgainIsBoundedByTheSettingsItMakes() throws {
    let big = (0..<20_000).map { "S\($0) = value\($0)" }.joined(separator: "\n") + "\n"
    let scratch = try Scratch(
      settings: String(repeating: "#include \"Big.xcconfig\"\n", count: 1_000),
      more: ["Big.xcconfig": big])
    defer { scratch.done() }
    let result = try scratch.run(["run", "LifecycleTests/launch.lua"])
    #expect(
      result.error
        == "Configs/Big.xcconfig:1: the xcconfig files read from Configs/Project.xcconfig through its includes make more than 100000 settings (a file included again counts again); lifescript stops (this limit is fixed)\n"
        + Self.traceback)
    #expect(result.status == 2)
  }

  @Test func whatTheSettingsHoldCountsAgainstTheMemoryCap() throws {
    // Four inclusions of 20,000 settings of 200 bytes: 16 MB, under the limit of settings.
    let value = String(repeating: "v", count: 200)
    let big = (0..<20_000).map { "S\($0) = \(value)" }.joined(separator: "\n") + "\n"
    let scratch = try Scratch(
      settings: String(repeating: "#include \"Big.xcconfig\"\n", count: 4),
      more: ["Big.xcconfig": big])
    defer { scratch.done() }
    let capped = try scratch.run(["run", "--max-memory", "16M", "LifecycleTests/launch.lua"])
    #expect(
      capped.error
        == "LifecycleTests/launch.lua:1: memory limit exceeded (16 MiB); raise it with --max-memory\n"
    )
    #expect(capped.status == 2)
    let uncapped = try scratch.run(["run", "--max-memory", "256M", "LifecycleTests/launch.lua"])
    #expect(uncapped.status == 0, "\(uncapped.error)")
  }

  @Test func ofSeveralCyclesTheSameOneIsNamedOnEveryRun() throws {
    // Five cycles, each needed by a generated Info.plist key: which one the error names must
    // not follow the order of a set in this process (each run hashes differently).
    var lines = ["GENERATE_INFOPLIST_FILE = YES"]
    let keys = [
      "NSCameraUsageDescription", "CFBundleDisplayName", "NSContactsUsageDescription",
      "NSFaceIDUsageDescription", "NSCalendarsUsageDescription",
    ]
    for (index, key) in keys.enumerated() {
      lines += [
        "INFOPLIST_KEY_\(key) = $(C\(index)A)", "C\(index)A = $(C\(index)B)",
        "C\(index)B = $(C\(index)A)",
      ]
    }
    let scratch = try Scratch(settings: lines.joined(separator: "\n") + "\n")
    defer { scratch.done() }
    var messages: Set<String> = []
    for _ in 0..<8 {
      let result = try scratch.run(["run", "LifecycleTests/launch.lua"])
      #expect(result.status == 2)
      messages.insert(result.error)
    }
    #expect(messages.count == 1, "\(messages)")
    // CFBundleDisplayName (C1A) is the first of the keys by name.
    #expect(messages.first?.contains("the build settings C1A = $(C1B)") == true, "\(messages)")
  }
}
