import LuaBridge

/// How a failed scenario is shown: Lua's own `file:line: message`, the traceback for errors
/// raised while running, and for limits the limit and the option that raises it.
public struct FailureReport {
  /// The option that raises each limit, as the reader sets it.
  public struct LimitOptions: Sendable {
    /// The option that raises the memory cap (`--max-memory`).
    public var memory: String
    /// The option that raises the instruction budget (`--max-instructions`).
    public var instructions: String

    public init(memory: String, instructions: String) {
      self.memory = memory
      self.instructions = instructions
    }

    /// `lifescript run`'s options.
    public static let commandLine = LimitOptions(
      memory: "--max-memory", instructions: "--max-instructions")
  }

  /// The failure as text.
  public let text: String
  /// Its first line without the location: the failure's message, or the limit with the option
  /// that raises it (`instruction limit exceeded (1000 instructions); raise it with …`).
  public let headline: String

  /// The report of `failure`, naming the options that raise the limits as `limitOptions`.
  public init(_ failure: ScenarioFailure, limitOptions: LimitOptions = .commandLine) {
    let context = failure.context.map { "(\($0))" }
    switch failure.reason {
    case .expectation(let expectation):
      headline = failure.message
      text = expectation.description(context: context)
    case .uncaughtException(let entry):
      headline = failure.message
      var origin = ""
      if case .exception(let exception) = entry.event, let raisedBy = exception.origin {
        origin = "(raised by \(raisedBy))\n"
      }
      text =
        "\(failure.file): \(failure.message)\n" + origin
        + "(if the scenario expects it, claim it with expect.exception)"
    case .warnings(let warnings, let origin):
      headline = failure.message
      text =
        "\(failure.file): warnings are errors (\(origin)), and this scenario gave \(warnings.count):\n"
        + warnings.map { $0.description + "\n" }.joined()
        + "hint: fix the code, or leave a warning out by its name: --ignore-warning NAME, or ignore_warnings = { \"NAME\" } in lifescript.lua"
    case .error(let error):
      switch error.kind {
      case .syntax, .file:
        headline = failure.message
        text = error.message
      case .runtime, .errorHandling, .interrupted:
        headline = failure.message
        text = Self.join(Self.join(error.message, context), error.traceback)
      case .instructionLimit:
        let limit = failure.limits.instructions.map { "\($0) instructions" } ?? "no limit"
        let raise = " (\(limit)); raise it with \(limitOptions.instructions)"
        headline = failure.message + raise
        text = Self.join(Self.join(error.message + raise, context), error.traceback)
      case .memoryLimit:
        let limit = failure.limits.memory.map(Self.describe(bytes:)) ?? "no limit"
        headline = "memory limit exceeded (\(limit)); raise it with \(limitOptions.memory)"
        // Where the script was when the cap stopped it, with its traceback; the file alone when
        // Lua gave no place (an allocation too large for the cap's grace, refused at once).
        let place = failure.location.map { $0.description } ?? failure.file
        text = Self.join(Self.join("\(place): " + headline, context), error.traceback)
      }
    }
  }

  private static func join(_ message: String, _ traceback: String?) -> String {
    guard let traceback, !traceback.isEmpty else { return message }
    return message + "\n" + traceback
  }

  /// `64 MiB`, `512 KiB`, `1000 bytes`.
  public static func describe(bytes: Int) -> String {
    if bytes % (1 << 30) == 0 { return "\(bytes >> 30) GiB" }
    if bytes % (1 << 20) == 0 { return "\(bytes >> 20) MiB" }
    if bytes % (1 << 10) == 0 { return "\(bytes >> 10) KiB" }
    return "\(bytes) bytes"
  }
}
