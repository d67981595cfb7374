import AppLifecycle
import ArgumentParser
import Scenarios

/// `--warnings MODE` and `--ignore-warning NAME`: which warnings scenarios give and what they do
/// (Documentation/Reference/warnings.md).
struct WarningOptions: ParsableArguments {
  @Option(
    name: .customLong("warnings"),
    help: ArgumentHelp(
      "Which warnings to show: all (each time), once (each warning once per run, once per suite; the default), none, or error (a warning fails the scenario, exit status 2).",
      valueName: "mode"))
  var mode: WarningPolicy.Mode?

  @Option(
    name: .customLong("ignore-warning"),
    help: ArgumentHelp(
      "Leave out the warning with this name, like deprecated-app-delegate-method (Documentation/Reference/warnings.md). Repeatable.",
      valueName: "name"))
  var ignored: [String] = []

  /// Set by `lifescript test` on its workers: where the mode was chosen, as a failure under
  /// `error` names it.
  @Option(name: .customLong("warnings-origin"), help: .hidden) var origin: String?

  func validate() throws {
    for name in ignored {
      guard let warning = Warning.Name(rawValue: name) else {
        throw ValidationError("--ignore-warning: " + Warning.Name.unknown(name))
      }
      if let reason = warning.notIgnorable { throw ValidationError("--ignore-warning: " + reason) }
    }
  }

  /// `policy` with what the command line says on top: a mode given here replaces its mode, and
  /// names given here are left out as well as its own.
  func applied(to policy: WarningPolicy) -> WarningPolicy {
    var policy = policy
    if let mode { policy = WarningPolicy(mode: mode, ignored: policy.ignored, origin: origin) }
    policy.ignored.formUnion(ignored.compactMap(Warning.Name.init(rawValue:)))
    return policy
  }

  /// The same options as arguments, for a worker process.
  static func arguments(for policy: WarningPolicy) -> [String] {
    ["--warnings", policy.mode.rawValue, "--warnings-origin=" + policy.origin]
      + policy.ignored.map(\.rawValue).sorted().flatMap { ["--ignore-warning", $0] }
  }
}

extension WarningPolicy.Mode: ExpressibleByArgument {}
