import AppLifecycle
import LuaBridge

/// Why a scenario did not pass: the one failure type of Scenarios.
///
/// `ScenarioRunner` makes it once, at the module's edge: from the scenario's record (failed
/// expectations, unclaimed exceptions) or from the error that ended the run, whose kind and place
/// are read from typed values (`LuaError.swiftError`, `LuaError.location`), never from its text.
public struct ScenarioFailure: Error, Sendable {
  public enum Reason: Sendable {
    /// An `expect.*` call did not hold, or an `assert` failed (exit status 1).
    case expectation(ExpectationFailure)
    /// An Objective-C exception ended the app's process and no `expect.exception` claimed it
    /// (exit status 1).
    case uncaughtException(TraceEntry)
    /// A syntax or runtime error, a limit, a bad input file, an error a native method threw
    /// (exit status 2).
    case error(LuaError)
    /// Warnings, which the policy chosen as `origin` (`--warnings error`) makes errors: the
    /// scenario would have passed otherwise (exit status 2).
    case warnings([Warning], origin: String)
  }

  public var reason: Reason
  /// The scenario file, as the user named it.
  public var file: String
  public var limits: LuaState.Limits
  /// Where it happened: the `expect.*` call, the line of a bad input file, or where the error
  /// was raised; nil for the scenario as a whole (an uncaught exception, a memory limit).
  public var location: ScriptLocation?
  /// What happened, without the location: `expect.events: … did not come (− expected, + actual)`,
  /// `uncaught exception at 0s: …`, `boom`.
  public var message: String
  /// Where in the app it happened, when a script method failed: `in AppDelegate.sel at 0s of
  /// virtual time`.
  public var context: String?

  /// An expectation failed or an exception went unclaimed (exit status 1), rather than the
  /// script or its input being wrong (2).
  public var isExpectationFailure: Bool {
    switch reason {
    case .expectation, .uncaughtException: true
    case .error, .warnings: false
    }
  }

  /// A failed expectation (or `assert`) of the scenario `file`; `context` says where in the app,
  /// when a script method failed.
  public init(
    expectation: ExpectationFailure, file: String, limits: LuaState.Limits,
    context: String? = nil
  ) {
    reason = .expectation(expectation)
    self.file = file
    self.limits = limits
    location = expectation.location
    message = expectation.headline
    self.context = context
  }

  /// An exception of the scenario `file` that no `expect.exception` claimed.
  public init(uncaught entry: TraceEntry, file: String, limits: LuaState.Limits) {
    reason = .uncaughtException(entry)
    self.file = file
    self.limits = limits
    message =
      "uncaught exception at \(entry.time): "
      + entry.event.line().dropFirst("exception ".count)
  }

  /// The warnings the scenario `file` gave, which `policy` makes errors.
  public init(
    warnings: [Warning], policy: WarningPolicy, file: String, limits: LuaState.Limits
  ) {
    reason = .warnings(warnings, origin: policy.origin)
    self.file = file
    self.limits = limits
    let more = warnings.count > 1 ? " (and \(warnings.count - 1) more)" : ""
    message =
      "warnings are errors (\(policy.origin)): \(warnings.first?.description ?? "")\(more)"
  }

  /// The error that ended the run of the scenario `file`.
  public init(
    error: LuaError, file: String, limits: LuaState.Limits, location: ScriptLocation?,
    message: String, context: String? = nil
  ) {
    reason = .error(error)
    self.file = file
    self.limits = limits
    self.location = location
    self.message = message
    self.context = context
  }
}
