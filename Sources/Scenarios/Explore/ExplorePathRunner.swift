import AppLifecycle

/// One path for a runner to run: its steps from the start point, and whether its coverage
/// counts from the start of the file (the first path: the launch is the same on every path).
public struct ExplorePathJob: Sendable, Equatable {
  public var path: [ExploreStep]
  public var coverageFromStart: Bool

  public init(path: [ExploreStep], coverageFromStart: Bool) {
    self.path = path
    self.coverageFromStart = coverageFromStart
  }
}

/// What the search needs from one run of a path: plain values, so a worker process can send
/// them (Documentation/Reference/explore.md#on-every-core).
public struct ExplorePathOutcome: Sendable, Equatable {
  /// The path broke the contract, or failed outside it: the explorer runs it again in its own
  /// process to report it whole.
  public var broken = false
  /// The events that can happen at the end of the path.
  public var next: [ExploreStep] = []
  /// The state at the end as canonical text (nil without `explore.state`): two runs that end
  /// in equal states give equal texts, in any process.
  public var state: String?
  /// The trace hash at the start point and after each step.
  public var traceHashes: [UInt64] = []
  public var coverage = ExploreCoverage()

  public init() {}

  /// Runs `job` of `file` in a fresh scenario in this process.
  public init(running job: ExplorePathJob, of file: String, options: ScenarioOptions) {
    let run = PathRun(
      file: file, path: job.path, options: options, coverageFromStart: job.coverageFromStart)
    broken = run.failure != nil || run.violation != nil
    next = run.next
    state = run.state
    traceHashes = run.traceHashes
    coverage = run.coverage
  }
}

/// Why a runner could not run the paths given it.
public struct ExploreRunnerError: Error, Sendable {
  public var message: String

  public init(_ message: String) { self.message = message }
}

/// Runs the paths of one level of the search: one after another, or several at once.
public protocol ExplorePathRunner {
  /// Runs `count` jobs, `job(position)` each, and gives `each` their outcomes in the order of
  /// their positions, until it returns false (the rest need not run).
  mutating func run(
    _ count: Int, job: (Int) -> ExplorePathJob, each: (Int, ExplorePathOutcome) -> Bool
  ) throws(ExploreRunnerError)
}

/// Runs the paths in this process, one after another.
public struct InProcessPathRunner: ExplorePathRunner {
  let file: String
  let options: ScenarioOptions
  /// Called before each path runs (the command restarts its time limit there).
  public var starting: (ExplorePathJob) -> Void = { _ in }

  public init(file: String, options: ScenarioOptions) {
    self.file = file
    self.options = options
  }

  public mutating func run(
    _ count: Int, job: (Int) -> ExplorePathJob, each: (Int, ExplorePathOutcome) -> Bool
  ) throws(ExploreRunnerError) {
    for position in 0..<count {
      let given = job(position)
      starting(given)
      let outcome = ExplorePathOutcome(running: given, of: file, options: options)
      guard each(position, outcome) else { return }
    }
  }
}
