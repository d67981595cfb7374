import ArgumentParser
import LuaBridge
import Scenarios

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The `lifescript` command.
public struct Lifescript: ParsableCommand {
  public static let version = "0.1.0"

  public static let configuration = CommandConfiguration(
    commandName: "lifescript",
    abstract: "Run UIKit application life-cycle scenarios written in Lua.",
    discussion: """
      Exit status: 0 when everything passed, 1 when an expectation failed, 2 for bad usage, a \
      script error, a limit or a bad input file.
      """,
    version: "lifescript \(version) (\(LuaState.luaRelease))",
    subcommands: [
      Run.self, Test.self, Explore.self, Init.self, Repl.self, MigrateCheck.self, Types.self,
      Worker.self,
    ]
  )

  public init() {}

  /// Parses the arguments, runs the command and exits with lifescript's exit status: parse and
  /// usage errors exit 2 (not ArgumentParser's 64), as the scenario contract says.
  public static func runAndExit(_ arguments: [String]? = nil) -> Never {
    // A process started from a thread that blocks signals (a test runner's) inherits the mask;
    // Ctrl-C, a suite's and a watch's stops must reach this one and its children.
    var none = sigset_t()
    sigemptyset(&none)
    sigprocmask(SIG_SETMASK, &none, nil)
    CrashSignals.dieWhenSent()
    let arguments = arguments ?? Array(Swift.CommandLine.arguments.dropFirst())
    // The everyday form, `lifescript run FILE`, skips the parser: building the command tree by
    // reflection is most of a cold start (Benchmarks/run), and this form has nothing to parse.
    // It runs exactly what the parsed command runs with its defaults (a test compares the two).
    if arguments.count == 2, arguments[0] == "run", !arguments[1].hasPrefix("-") {
      guard let settings = Run.configuredSettings(for: arguments[1]) else { Console.exit(2) }
      Console.exit(Run.execute(file: arguments[1], settings: settings))
    }
    do {
      var command = try parseAsRoot(arguments)
      try command.run()
      exit()
    } catch {
      let code = exitCode(for: error)
      if code == .success {
        Console.writeOutput(fullMessage(for: error) + "\n")
        exit()
      }
      let message = fullMessage(for: error)
      if !message.isEmpty { Console.writeError(message + "\n") }
      exit(withError: code == .validationFailure ? ExitCode(2) : ExitCode(code.rawValue))
    }
  }
}
