import Scenarios

extension Lifescript {
  /// How a scenario ended, and everything it left: its trace, its failures, what it printed.
  public struct Result: Equatable, Sendable {
    /// How the scenario ended; `lifescript run` exits with 0, 1 and 2 for these.
    public enum Status: String, Equatable, Sendable {
      /// The script ran to its end and every expectation held.
      case passed
      /// An expectation failed (even one the script caught with `pcall`), or an uncaught
      /// exception went unclaimed by `expect.exception`.
      case failed
      /// A syntax or runtime error in the script, an error a native method threw, a limit, or
      /// a bad file the script named.
      case error
    }

    /// How the scenario ended.
    public var status: Status
    /// Every line of the trace, up to the end or the failure.
    public var trace: [TraceLine]
    /// Why the run did not pass, in order: every failed expectation (a script can catch one
    /// and go on), or else the uncaught exceptions nobody claimed; then the error that ended
    /// the run, if one did. Empty when it passed.
    public var failures: [Failure]
    /// What the script printed with `print`, as it would appear on standard output.
    public var output: String
    /// Warnings, one per element: misspelled delegate methods, deprecated ones, a BOOL method
    /// that returned something else, Lua's `warn`.
    public var warnings: [String]
    /// The golden trace files `expect.golden` created or rewrote (with
    /// ``Options/recordGolden``), in the order it wrote them.
    public var recordedGoldenTraces: [String]
    /// The failure as `lifescript run` prints it on standard error (file:line, the diff or the
    /// Lua traceback); nil when the run passed.
    public var report: String?

    /// A result made of its parts.
    public init(
      status: Status, trace: [TraceLine] = [], failures: [Failure] = [], output: String = "",
      warnings: [String] = [], recordedGoldenTraces: [String] = [], report: String? = nil
    ) {
      self.status = status
      self.trace = trace
      self.failures = failures
      self.output = output
      self.warnings = warnings
      self.recordedGoldenTraces = recordedGoldenTraces
      self.report = report
    }

    /// The result of a run that ended with `failure` (nil: it passed).
    init(
      ending failure: ScenarioFailure?, scenario: Scenario?, source: ScenarioRunner.Source,
      output: String, warnings: [String]
    ) {
      self.init(
        status: .passed, trace: scenario?.trace.entries.map(TraceLine.init) ?? [],
        output: output, warnings: warnings,
        recordedGoldenTraces: scenario?.goldenChanges.map(\.path) ?? [])
      guard let failure else { return }
      status = failure.isExpectationFailure ? .failed : .error
      report = FailureReport(failure, limitOptions: Failure.limitOptions).text
      let file = source.name
      let expectations = (scenario?.failedExpectations ?? []).map {
        Failure(ScenarioFailure(expectation: $0, file: file, limits: failure.limits))
      }
      switch failure.reason {
      case .expectation(let failed):
        // The failure is one of the scenario's failed expectations, or a failed `assert`, which
        // is not recorded (a caught one does not fail the scenario).
        let recorded = scenario?.failedExpectations.contains(failed) ?? false
        failures = recorded ? expectations : expectations + [Failure(failure)]
      case .uncaughtException:
        failures = (scenario?.unclaimedExceptions ?? []).map {
          Failure(ScenarioFailure(uncaught: $0, file: file, limits: failure.limits))
        }
      case .error, .warnings:
        failures = expectations + [Failure(failure)]
      }
    }
  }
}
