import Foundation
import Testing

/// Runs the real `lifescript` executable, built next to this test bundle.
struct CommandLine {
  struct Result {
    var status: Int32
    var output: String
    var error: String
  }

  static let repository = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  static let fixtures = repository.appendingPathComponent("Tests/LifescriptCLITests/Fixtures")

  static var executable: URL {
    let products = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
      .deletingLastPathComponent()
    return products.appendingPathComponent("lifescript")
  }

  /// Runs `lifescript` with `arguments` in `directory`; stops it after `seconds`. `launcher`
  /// goes in front of the executable (a command that runs it with fewer privileges); `input` is
  /// its standard input (none: /dev/null).
  static func run(
    _ arguments: [String], in directory: URL = fixtures, seconds: Double = 60,
    launcher: [String] = [], input: String? = nil
  ) throws -> Result {
    try tool(
      launcher + [executable.path] + arguments, in: directory, seconds: seconds, input: input)
  }

  /// A python3 that can import `module`: the one on PATH, else Debian's /usr/bin/python3, where
  /// .ci/run's apt-get puts python3-yaml and the others when PATH's python3 is another one (a
  /// pyenv build). Nil when neither can.
  static func python(with module: String) -> String? {
    for python in ["python3", "/usr/bin/python3"] {
      let result = try? tool([python, "-c", "import \(module)"], in: fixtures)
      if result?.status == 0 { return python }
    }
    return nil
  }

  /// The full path of `program` found on PATH, if it is there.
  static func find(_ program: String) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
    return path.split(separator: ":").map { "\($0)/\(program)" }.first {
      FileManager.default.isExecutableFile(atPath: $0)
    }
  }

  /// Runs any command (a full path, or a name found on PATH) in `directory`: a TAP consumer, an
  /// XML parser, a browser.
  ///
  /// posix_spawn and waitpid rather than Foundation's Process, whose termination monitoring
  /// needs Dispatch threads that parallel tests can starve.
  static func tool(
    _ command: [String], in directory: URL, seconds: Double = 60, input: String? = nil
  ) throws -> Result {
    let scratch = FileManager.default.temporaryDirectory
      .appendingPathComponent("lifescript-cli-" + UUID().uuidString)
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: scratch) }
    let outputFile = scratch.appendingPathComponent("stdout").path
    let errorFile = scratch.appendingPathComponent("stderr").path
    let inputFile = scratch.appendingPathComponent("stdin").path
    try (input ?? "").write(toFile: inputFile, atomically: true, encoding: .utf8)

    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(
      &actions, 0, input == nil ? "/dev/null" : inputFile, O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, outputFile, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    posix_spawn_file_actions_addopen(&actions, 2, errorFile, O_WRONLY | O_CREAT | O_TRUNC, 0o644)

    // GNU env changes directory for the child (posix_spawn's chdir action is not in Swift's Glibc).
    let command = ["/usr/bin/env", "-C", directory.path] + command
    let argv = command.map { strdup($0) } + [nil]
    defer { for argument in argv { free(argument) } }
    var environment = ProcessInfo.processInfo.environment
    environment["NO_COLOR"] = "1"
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { for variable in envp { free(variable) } }

    var pid = pid_t()
    let spawned = posix_spawn(&pid, command[0], &actions, nil, argv, envp)
    guard spawned == 0 else {
      throw CocoaError(.executableLoad, userInfo: ["errno": spawned])
    }
    var status: Int32 = 0
    let deadline = Date().addingTimeInterval(seconds)
    while waitpid(pid, &status, WNOHANG) == 0 {
      if Date() > deadline {
        kill(pid, SIGKILL)
        waitpid(pid, &status, 0)
        Issue.record(
          "\(command.dropFirst(3).joined(separator: " ")) did not finish in \(seconds) s")
        break
      }
      usleep(2_000)
    }
    // Exit status, or 128 + signal as a shell reports it.
    let exited = status & 0x7f == 0
    return Result(
      status: exited ? (status >> 8) & 0xff : 128 + (status & 0x7f),
      output: try String(contentsOfFile: outputFile, encoding: .utf8),
      error: try String(contentsOfFile: errorFile, encoding: .utf8))
  }
}
