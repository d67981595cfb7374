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

  /// The report of `failure`, naming the options that raise the limits as `limitOptions`.
  public init(_ failure: ScenarioFailure, limitOptions: LimitOptions = .commandLine) {
    self.init(
      failure.error, file: failure.file, limits: failure.limits, context: failure.context,
      isExpectationFailure: failure.isExpectationFailure, limitOptions: limitOptions)
  }

  /// The report of `error` from `file` (or the REPL's input), where `context` names the script
  /// method that failed.
  public init(
    _ error: LuaError, file: String, limits: LuaState.Limits, context: String?,
    isExpectationFailure: Bool, limitOptions: LimitOptions = .commandLine
  ) {
    if isExpectationFailure {
      text = error.message
      return
    }
    switch error.kind {
    case .syntax, .file:
      text = error.message
    case .runtime, .errorHandling, .interrupted:
      text = Self.join(Self.join(error.message, context.map { "(\($0))" }), error.traceback)
    case .instructionLimit:
      let limit = limits.instructions.map { "\($0) instructions" } ?? "no limit"
      text = Self.join(
        Self.join(
          "\(error.message) (\(limit)); raise it with \(limitOptions.instructions)",
          context.map { "(\($0))" }), error.traceback)
    case .memoryLimit:
      let limit = limits.memory.map(Self.describe(bytes:)) ?? "no limit"
      text = "\(file): memory limit exceeded (\(limit)); raise it with \(limitOptions.memory)"
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
