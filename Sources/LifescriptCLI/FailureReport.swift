import LuaBridge
import Scenarios

/// How a failed scenario is shown: Lua's own `file:line: message`, the traceback for errors
/// raised while running, and for limits the limit and the option that raises it.
struct FailureReport {
  let text: String

  init(_ failure: ScenarioFailure) {
    self.init(
      failure.error, file: failure.file, limits: failure.limits, context: failure.context,
      isExpectationFailure: failure.isExpectationFailure)
  }

  /// The report of `error` from `file` (or the REPL's input), where `context` names the script
  /// method that failed.
  init(
    _ error: LuaError, file: String, limits: LuaState.Limits, context: String?,
    isExpectationFailure: Bool
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
          "\(error.message) (\(limit)); raise it with --max-instructions",
          context.map { "(\($0))" }), error.traceback)
    case .memoryLimit:
      let limit = limits.memory.map(Self.describe(bytes:)) ?? "no limit"
      text = "\(file): memory limit exceeded (\(limit)); raise it with --max-memory"
    }
  }

  private static func join(_ message: String, _ traceback: String?) -> String {
    guard let traceback, !traceback.isEmpty else { return message }
    return message + "\n" + traceback
  }

  static func describe(bytes: Int) -> String {
    if bytes % (1 << 30) == 0 { return "\(bytes >> 30) GiB" }
    if bytes % (1 << 20) == 0 { return "\(bytes >> 20) MiB" }
    if bytes % (1 << 10) == 0 { return "\(bytes >> 10) KiB" }
    return "\(bytes) bytes"
  }
}
