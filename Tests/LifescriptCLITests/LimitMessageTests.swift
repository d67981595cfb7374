import Foundation
import Testing

/// Every limit lifescript puts on work done for its input, in Lua or in Swift, ends the run
/// with a message that names the limit and says how to raise it, or that it is fixed (issue
/// 29): a limit that only stops a run leaves the user guessing what to change.
@Suite struct LimitMessageTests {
  struct Limit: CustomTestStringConvertible, Sendable {
    var name: String
    /// Runs the input that reaches the limit, in a scratch folder; its standard error.
    var reach: @Sendable (URL) throws -> CommandLine.Result
    /// What the message must say: the limit, and the option that raises it or that it is
    /// fixed.
    var says: [String]
    var testDescription: String { name }
  }

  static func script(_ text: String, _ arguments: [String])
    -> @Sendable (URL) throws ->
    CommandLine.Result
  {
    { folder in
      try text.write(
        to: folder.appendingPathComponent("limit.lua"), atomically: true, encoding: .utf8)
      return try CommandLine.run(arguments + ["limit.lua"], in: folder, seconds: 60)
    }
  }

  static func project(
    _ settings: String, more: [String: String] = [:], arguments: [String] = []
  ) -> @Sendable (URL) throws -> CommandLine.Result {
    { _ in
      let scratch = try HostileProjectCommandTests.Scratch(settings: settings, more: more)
      defer { scratch.done() }
      return try scratch.run(["run"] + arguments + ["LifecycleTests/launch.lua"])
    }
  }

  static let limits: [Limit] = [
    Limit(
      name: "memory",
      reach: script(
        "local t = {} for i = 1, 1e9 do t[i] = i end\n", ["run", "--max-memory", "8M"]),
      says: ["memory limit exceeded (8 MiB)", "raise it with --max-memory"]),
    Limit(
      name: "instructions",
      reach: script("while true do end\n", ["run", "--max-instructions", "100000"]),
      says: [
        "instruction limit exceeded (100000 instructions)", "raise it with --max-instructions",
      ]
    ),
    Limit(
      name: "time",
      reach: script(
        "while true do end\n", ["run", "--max-instructions", "none", "--timeout", "1"]),
      says: ["time limit exceeded (1 s of wall-clock time)", "raise it with --timeout"]),
    Limit(
      name: "settings read through xcconfig includes",
      reach: project(
        String(repeating: "#include \"Big.xcconfig\"\n", count: 6),
        more: ["Big.xcconfig": (0..<20_000).map { "S\($0) = v" }.joined(separator: "\n")]),
      says: ["more than 100000 settings", "(this limit is fixed)"]),
    Limit(
      name: "bytes read through xcconfig includes",
      reach: project(
        String(repeating: "#include \"Big.xcconfig\"\n", count: 70),
        more: ["Big.xcconfig": "// " + String(repeating: "x", count: 1 << 20) + "\n"]),
      says: ["more than 64 MiB in all", "(this limit is fixed)"]),
    Limit(
      name: "a build setting's length",
      reach: project(
        (["A0 = x"] + (1...21).map { "A\($0) = $(A\($0 - 1))$(A\($0 - 1))" }
          + ["PRODUCT_NAME = $(A21)"]).joined(separator: "\n")),
      says: ["the build setting A21", "expands to more than 1 MiB", "(this limit is fixed"]),
    Limit(
      name: "build settings in all",
      reach: project(
        (["A0 = x"] + (1...20).map { "A\($0) = $(A\($0 - 1))$(A\($0 - 1))" }
          + (0..<70).map { "B\($0) = $(A20)" }
          + ["PRODUCT_NAME = " + (0..<70).map { "$(B\($0):suffix)" }.joined()])
          .joined(separator: "\n"),
        // Under the default cap of memory the memory limit comes first, as it should.
        arguments: ["--max-memory", "512M"]),
      says: ["the build settings expand to more than 64 MiB in all", "(this limit is fixed"]),
    Limit(
      name: "view controllers of one instantiation",
      reach: { _ in
        try CommandLine.run(["run", "storyboard-relationship-fanout.lua"], seconds: 60)
      },
      says: ["more than 10000 view controllers in one instantiation", "(this limit is fixed)"]),
  ]

  @Test(arguments: limits)
  func aLimitReachedIsNamedWithHowToRaiseIt(limit: Limit) throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("lifescript-limit-" + UUID().uuidString)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let result = try limit.reach(folder)
    #expect(result.status == 2, "\(result.error)")
    for words in limit.says {
      #expect(result.error.contains(words), "\(result.error)")
    }
  }
}
