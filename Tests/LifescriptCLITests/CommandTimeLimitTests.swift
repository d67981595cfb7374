import Foundation
import Testing

@testable import LifescriptCLI

/// Every command that runs input is bounded in wall-clock time, by `--timeout` with a default
/// (issue 29, R4): `migrate-check` took the option and never started its watchdog, and `init`
/// had no time limit at all.
@Suite struct CommandTimeLimitTests {
  /// Each command and what bounds it: the arguments that make it run for ever but for the time
  /// limit (`--timeout 1` last but one, or nil), the standard input it reads, and what it says.
  struct Bounded: CustomTestStringConvertible, Sendable {
    var command: String
    var arguments: [String]
    var input: String?
    var message: String
    var testDescription: String { command }
  }

  /// Commands that run no input: nothing of theirs can run for ever.
  static let unbounded: [String: String] = [
    "types": "describes a fresh scenario; reads no file",
    "worker": "its parent (test, explore) enforces --timeout",
  ]

  static let endless = ["--max-instructions", "none", "--timeout", "1", "endless-loop.lua"]

  static let bounded = [
    Bounded(
      command: "run", arguments: ["run"] + endless, input: nil,
      message:
        "endless-loop.lua: time limit exceeded (1 s of wall-clock time); raise it with --timeout"),
    Bounded(
      command: "test", arguments: ["test"] + endless, input: nil,
      message:
        "endless-loop.lua: time limit exceeded (1 s of wall-clock time); raise it with --timeout"),
    Bounded(
      command: "explore", arguments: ["explore", "-j", "1"] + endless, input: nil,
      message:
        "endless-loop.lua: time limit exceeded on one explored path (1 s of wall-clock time); raise it with --timeout"
    ),
    Bounded(
      command: "migrate-check", arguments: ["migrate-check"] + endless, input: nil,
      message:
        "endless-loop.lua: time limit exceeded (1 s of wall-clock time); raise it with --timeout"),
    Bounded(
      command: "repl", arguments: ["repl", "--max-instructions", "none", "--timeout", "1"],
      input: "while true do end\n",
      message: "stdin: time limit exceeded (1 s of wall-clock time); raise it with --timeout"),
    // init's is reading the project: see theTimeLimitOfInitStopsReadingAProjectAndWritesNothing.
    Bounded(command: "init", arguments: [], input: nil, message: ""),
  ]

  @Test func everyCommandIsBoundedOrRunsNoInput() {
    let commands = Lifescript.configuration.subcommands.map { $0._commandName }
    for command in commands {
      #expect(
        Self.bounded.contains { $0.command == command } || Self.unbounded[command] != nil,
        "\(command) runs input without a time limit, or is missing from this table")
    }
  }

  @Test(arguments: bounded)
  func theTimeLimitHasADefaultTheHelpShows(command: Bounded) throws {
    let help = try CommandLine.run(["help", command.command]).output
      .split(separator: "\n", omittingEmptySubsequences: false)
    guard let start = help.firstIndex(where: { $0.hasPrefix("  --timeout <seconds>") }) else {
      Issue.record("lifescript \(command.command) has no --timeout")
      return
    }
    // The option's help wraps: its lines run to the next option or the end of the section.
    let rest = help[(start + 1)...].prefix { !$0.isEmpty && !$0.hasPrefix("  -") }
    let text = ([help[start]] + rest).joined(separator: " ")
      .split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
    #expect(
      text.contains("(default: 60)"), "lifescript \(command.command)'s --timeout: \(text)")
  }

  @Test(arguments: bounded.filter { !$0.arguments.isEmpty })
  func anEndlessInputIsStoppedByTheTimeLimit(command: Bounded) throws {
    let result = try CommandLine.run(command.arguments, seconds: 30, input: command.input)
    #expect(result.status == 2, "\(result.error)")
    // `test` reports it with the scenario, on standard output.
    #expect((result.error + result.output).contains(command.message), "\(result.error)")
  }

  /// A project whose xcconfig files take longer to read than the time limit, though within
  /// every limit of work (80,000 settings of 700 bytes, 56 MB: over two seconds of CPU in the
  /// debug build the tests run): init stops at --timeout, says so, and has written nothing, not
  /// a folder. (The first input, `$(inherited)` read twice on forty lines, is now linear.)
  @Test func theTimeLimitOfInitStopsReadingAProjectAndWritesNothing() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("lifescript-init-timeout-" + UUID().uuidString)
    defer { try? FileManager.default.removeItem(at: folder) }
    let app = folder.appendingPathComponent("Configured")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      at: CommandLine.fixtures.appendingPathComponent("projects/Configured"), to: app)
    try FileManager.default.removeItem(at: app.appendingPathComponent("LifecycleTests"))
    try FileManager.default.createDirectory(
      at: app.appendingPathComponent(".git"), withIntermediateDirectories: true)
    let value = String(repeating: "v", count: 700)
    let big = (0..<20_000).map { "S\($0) = \(value)" }.joined(separator: "\n") + "\n"
    try big.write(
      to: app.appendingPathComponent("Configs/Big.xcconfig"), atomically: true, encoding: .utf8)
    let shared = app.appendingPathComponent("Configs/Shared.xcconfig")
    try
      (try String(contentsOf: shared, encoding: .utf8)
      + String(repeating: "#include \"Big.xcconfig\"\n", count: 4))
      .write(to: shared, atomically: true, encoding: .utf8)
    let before = try FileManager.default.contentsOfDirectory(atPath: app.path).sorted()

    let result = try CommandLine.run(["init", "--timeout", "1"], in: app, seconds: 30)
    #expect(result.status == 2)
    #expect(result.output == "")
    #expect(
      result.error.hasSuffix(
        "lifescript init: time limit exceeded (1 s of wall-clock time) reading Configured.xcodeproj; nothing was written; raise it with --timeout\n"
      ), "\(result.error)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: app.path).sorted() == before)
  }
}
