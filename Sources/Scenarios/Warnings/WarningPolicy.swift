import AppLifecycle

/// Which warnings a scenario gives and what they do (`--warnings`, `--ignore-warning`, and
/// `warnings`, `ignore_warnings` in lifescript.lua; Documentation/Reference/warnings.md).
public struct WarningPolicy: Equatable, Sendable {
  public enum Mode: String, CaseIterable, Sendable {
    /// Every warning, each time it is given.
    case all
    /// Each warning once: once per run, and once per suite (the suite's reporters leave out
    /// what another scenario gave already). The default.
    case once
    /// No warnings.
    case none
    /// A warning fails the scenario that gives it (exit status 2), unless the scenario failed
    /// otherwise.
    case error
  }

  public var mode: Mode
  /// Warnings left out, whatever the mode.
  public var ignored: Set<Warning.Name>
  /// How the mode was chosen, as the failure of `error` names it: `--warnings error`,
  /// `warnings = "error" in lifescript.lua`.
  public var origin: String

  public init(mode: Mode = .once, ignored: Set<Warning.Name> = [], origin: String? = nil) {
    self.mode = mode
    self.ignored = ignored
    self.origin = origin ?? "--warnings \(mode.rawValue)"
  }

  /// Whether a scenario gives `warning` at all.
  public func gives(_ warning: Warning) -> Bool {
    mode != .none && !ignored.contains(warning.name)
  }
}

/// Where a scenario's warnings go: left out, held as errors, or passed on as they come.
final class WarningGate {
  let policy: WarningPolicy
  private let sink: (Warning) -> Void
  /// Warnings `error` holds until the run is judged.
  private(set) var held: [Warning] = []
  /// Warnings `once` has passed on.
  private var given: Set<Warning> = []

  init(policy: WarningPolicy, sink: @escaping (Warning) -> Void) {
    self.policy = policy
    self.sink = sink
  }

  func give(_ warning: Warning) {
    guard policy.gives(warning) else { return }
    if policy.mode == .error {
      if !held.contains(warning) { held.append(warning) }
    } else if policy.mode == .all || given.insert(warning).inserted {
      sink(warning)
    }
  }

  /// Passes the held warnings on as warnings: the run failed otherwise, and they are not its
  /// failure, but they are not lost either.
  func release() {
    for warning in held { sink(warning) }
    held = []
  }
}

extension Warning.Name {
  /// Whether a suite may leave the warning out. `untrusted-config` says that a configuration
  /// was passed over for the user's safety, before any configuration is read: it is always given.
  public var isIgnorable: Bool { self != .untrustedConfiguration }

  /// Why `--ignore-warning` or `ignore_warnings` may not name this warning; nil when it may.
  public var notIgnorable: String? {
    isIgnorable
      ? nil
      : "\(rawValue) cannot be left out: it says that a lifescript.lua was passed over for your safety; to use that file, trust it with LIFESCRIPT_TRUST (Documentation/Reference/lifescript-lua.md#which-files-are-trusted)"
  }

  /// What a name nothing is known by says: `unknown warning 'misspeled-method' (did you mean
  /// misspelled-method?); the names are …`, for `--ignore-warning` and `ignore_warnings`.
  public static func unknown(_ text: String) -> String {
    let names = allCases.filter(\.isIgnorable).map(\.rawValue)
    let guess = NearMiss.closest(to: text, among: names).map { " (did you mean \($0)?)" } ?? ""
    return "unknown warning '\(text)'\(guess); the names are \(names.joined(separator: ", "))"
  }
}
