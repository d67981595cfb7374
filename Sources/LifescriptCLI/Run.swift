import ArgumentParser
import LuaBridge
import Scenarios

struct Run: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Run one scenario.",
    discussion: """
      The scenario runs in a fresh, deterministic Lua 5.4 state: os.time and os.clock follow the \
      virtual clock, math.random is seeded from --seed, and io, os.execute, os.exit and C modules \
      are unavailable unless --allow-io is given. require loads Lua files from the scenario's \
      folder only.
      """
  )

  @Argument(help: "The scenario file.", completion: .file(extensions: ["lua"]))
  var file: String

  @OptionGroup var limits: LimitOptions

  func run() throws {
    limits.startWatchdog(for: file)
    defer { LuaWatchdog.cancel() }
    do {
      try ScenarioRunner.run(file: file, options: limits.scenarioOptions)
    } catch {
      Console.writeError(FailureReport(error).text + "\n")
      throw ExitCode(2)
    }
  }
}

/// Options every command that runs scenarios takes.
struct LimitOptions: ParsableArguments {
  @Option(help: "Seed for math.random.")
  var seed: Int = 0

  @Option(
    help: ArgumentHelp(
      "Memory a scenario may allocate, e.g. 64MiB, 512K, 1G, or 'none'.", valueName: "size"))
  var maxMemory: ByteCount = ByteCount(bytes: 64 << 20)

  @Option(
    help: ArgumentHelp(
      "Lua instructions a scenario may run (stops endless loops), or 'none'.", valueName: "count"))
  var maxInstructions: Budget = Budget(count: 100_000_000)

  @Option(
    help: ArgumentHelp(
      "Wall-clock seconds before a run is stopped; the last guard for what the instruction budget cannot see.",
      valueName: "seconds"))
  var timeout: Budget = Budget(count: 60)

  @Flag(help: "Give scripts io, os.execute, os.exit, os.getenv and C modules.")
  var allowIO = false

  func startWatchdog(for file: String) {
    guard let seconds = timeout.count else { return }
    LuaWatchdog.start(
      seconds: seconds,
      message:
        "\(file): time limit exceeded (\(seconds) s of wall-clock time); raise it with --timeout\n",
      status: 2)
  }

  var scenarioOptions: ScenarioOptions {
    var options = ScenarioOptions()
    options.seed = seed
    options.limits = LuaState.Limits(memory: maxMemory.bytes, instructions: maxInstructions.count)
    options.allowIO = allowIO
    return options
  }
}
