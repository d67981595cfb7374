import AppLifecycle
import LuaBridge

/// `lifescript explore`: a breadth-first search over the orders of user and system events the
/// life-cycle machine allows from a scenario's start point, each path run again from the start
/// of the file in a fresh scenario, the contract checked at every step
/// (Documentation/Reference/explore.md).
public struct Explorer {
  public struct Options: Sendable {
    /// How many events a path has at most.
    public var depth = 4
    /// Stop after this many path runs.
    public var maxPaths: Int?
    /// Stop after this many seconds of wall-clock time.
    public var seconds: Double?
    /// This process explores one part of the space: `index` of `count` (1-based).
    public var shard: (index: Int, count: Int)?
    public var scenario = ScenarioOptions()

    public static let depthLimit = 64

    public init() {}
  }

  /// A path that broke the contract, shortest first.
  public struct Violation: Sendable {
    /// The whole path; the violation came after `step` of its steps (0: at the start point).
    public var path: [ExploreStep]
    public var step: Int
    public var headline: String
    public var detail: String?
    /// The invariant's line, for a broken invariant.
    public var location: ScriptLocation?

    /// `invariant "draft survives" does not hold after step 3 (device.activate())`.
    public var summary: String {
      let when = step == 0 ? "at the start point" : "after step \(step) (\(path[step - 1].code))"
      return "\(headline) \(when)"
    }
  }

  /// How the search ended.
  public enum Ending: Sendable, Equatable {
    /// Every path up to the depth ran.
    case complete
    /// `--max-paths` or `--time` stopped it.
    case budget
    /// A path broke the contract.
    case violation
    /// The scenario failed outside a path's contract, or is not deterministic.
    case error
  }

  public struct Report: Sendable {
    public var ending = Ending.complete
    /// Path runs so far (each from the start of the file).
    public var paths = 0
    /// Distinct states seen (only with `explore.state`; else the paths that reached a state).
    public var states = 0
    /// The deepest level whose paths all ran.
    public var depthCompleted = -1
    /// When a budget stopped the search: how many paths of the level it was in ran, of how
    /// many.
    public var levelRun = 0
    public var levelSize = 0
    public var violation: Violation?
    /// Why the search could not go on (`ending == .error`).
    public var failure: ScenarioFailure?
    /// The path that failed so (empty: the start point itself, or the file before it).
    public var failedPath: [ExploreStep] = []
    /// The first line where two runs of the same path differ.
    public var nondeterminism: String?
    /// Why the paths could not be run (a worker process that could not start, or died).
    public var problem: String?
    public var coverage = ExploreCoverage()
    /// Whether the scenario declares a state key (states merge only then).
    public var mergesStates = false

    public init() {}
  }

  public let file: String
  public let options: Options
  /// Called after every path run with the report so far (a progress bar): the level, how many
  /// of its paths ran, and how many it has.
  public var progress: (Report, _ level: Int, _ done: Int, _ frontier: Int) -> Void = {
    _, _, _, _ in
  }
  /// Called with each path as it is run.
  public var onPath: ([ExploreStep]) -> Void = { _ in }
  /// How long the search has run, in seconds (the host's clock: this module keeps none).
  public var elapsed: () -> Double = { 0 }

  public init(file: String, options: Options) {
    self.file = file
    self.options = options
  }

  /// A path of the search: its last step and the path it extends, so a level of hundreds of
  /// thousands of paths takes a few bytes for each (the steps are kept once each).
  private struct Tree {
    private var parents: [Int32] = [-1]
    private var lastSteps: [Int32] = [-1]
    private var steps: [ExploreStep] = []
    private var stepNumbers: [ExploreStep: Int32] = [:]

    /// The path that extends `parent` by `step`.
    mutating func add(_ step: ExploreStep, after parent: Int32) -> Int32 {
      let number: Int32
      if let known = stepNumbers[step] {
        number = known
      } else {
        number = Int32(steps.count)
        steps.append(step)
        stepNumbers[step] = number
      }
      parents.append(parent)
      lastSteps.append(number)
      return Int32(parents.count - 1)
    }

    /// The steps of path `node` (0: the empty path, the start point itself).
    func path(_ node: Int32) -> [ExploreStep] {
      var path: [ExploreStep] = []
      var node = Int(node)
      while node > 0 {
        path.append(steps[Int(lastSteps[node])])
        node = Int(parents[node])
      }
      return path.reversed()
    }
  }

  private struct Node {
    var path: Int32
    /// The trace hash its parent's run ended with: a run of this path must reach it again.
    var parentHash: UInt64?
  }

  /// Searches with the paths run in this process, one after another.
  public func run() -> Report {
    var runner = InProcessPathRunner(file: file, options: options.scenario)
    return run(using: &runner)
  }

  /// Searches with the paths of each level run by `runner` (in this process, or on worker
  /// processes), their outcomes taken in the order of the level: the report is the same
  /// whoever runs the paths.
  public func run(using runner: inout some ExplorePathRunner) -> Report {
    var report = Report()
    var tree = Tree()
    var frontier = [Node(path: 0, parentHash: nil)]
    var seen: Set<String> = []
    var level = 0
    var split = false
    while !frontier.isEmpty {
      // Every shard runs the levels above the split, which are small; from the first level
      // with at least one path per shard, each takes every count-th path and its subtree.
      if let shard = options.shard, !split, frontier.count >= shard.count {
        frontier = frontier.enumerated().filter { $0.offset % shard.count == shard.index - 1 }
          .map(\.element)
        split = true
      }
      var count = frontier.count
      if let maxPaths = options.maxPaths { count = min(count, max(0, maxPaths - report.paths)) }
      var next: [Node] = []
      var ended: Report?
      // A path that ran differently from its parent, or broke: it runs again here, once the
      // runner has stopped (a scenario that is not deterministic may depend on what runs
      // beside it).
      var differs: [ExploreStep]?
      var broken: [ExploreStep]?
      let levelSize = frontier.count
      do {
        let first = level == 0
        try runner.run(count) { position in
          ExplorePathJob(path: tree.path(frontier[position].path), coverageFromStart: first)
        } each: { position, outcome in
          if let seconds = options.seconds, elapsed() >= seconds {
            ended = stopped(report, run: position, of: levelSize)
            return false
          }
          let node = frontier[position]
          let path = tree.path(node.path)
          onPath(path)
          report.paths += 1
          report.coverage.merge(outcome.coverage)
          if let parentHash = node.parentHash, outcome.traceHashes.count >= path.count,
            outcome.traceHashes[path.count - 1] != parentHash
          {
            differs = path
            return false
          }
          if outcome.broken {
            broken = path
            return false
          }
          if let state = outcome.state {
            report.mergesStates = true
            guard seen.insert(state).inserted else { return true }
          }
          report.states += 1
          if level < options.depth, let end = outcome.traceHashes.last {
            for step in outcome.next {
              next.append(Node(path: tree.add(step, after: node.path), parentHash: end))
            }
          }
          progress(report, level, position + 1, levelSize)
          return true
        }
      } catch {
        report.ending = .error
        report.problem = error.message
        return report
      }
      if let ended { return ended }
      if let path = differs {
        report.ending = .error
        report.nondeterminism = firstDifference(
          Array(path.dropLast()), path, steps: path.count - 1)
        return report
      }
      if let path = broken { return judgeBroken(path, report: report) }
      if count < frontier.count { return stopped(report, run: count, of: levelSize) }
      report.depthCompleted = level
      frontier = next
      level += 1
    }
    return report
  }

  /// A path broke the contract or failed where it ran: it runs again here, where its failure
  /// or violation is kept whole for the report, and must break the same way again.
  private func judgeBroken(_ path: [ExploreStep], report: Report) -> Report {
    var report = report
    report.ending = .error
    let run = PathRun(
      file: file, path: path, options: options.scenario, coverageFromStart: false)
    if let failure = run.failure {
      report.failure = failure
      report.failedPath = path
    } else if let (step, broken) = run.violation {
      report.ending = .violation
      report.violation = Violation(
        path: Array(path.prefix(step)), step: step, headline: broken.headline,
        detail: broken.detail, location: broken.location)
    } else {
      report.nondeterminism =
        "a path broke the contract in one run and not when it ran again (\(path.isEmpty ? "the start point" : path.map(\.code).joined(separator: "; ")))"
    }
    return report
  }

  private func stopped(_ report: Report, run: Int, of size: Int) -> Report {
    var report = report
    report.ending = .budget
    report.levelRun = run
    report.levelSize = size
    return report
  }

  /// Runs two paths again with their traces kept and names the first line where they differ
  /// within the first `steps` steps they share.
  private func firstDifference(_ parent: [ExploreStep], _ child: [ExploreStep], steps: Int)
    -> String
  {
    let one = PathRun(
      file: file, path: parent, options: options.scenario, keepLines: true,
      coverageFromStart: false
    ).lines(upTo: steps)
    let two = PathRun(
      file: file, path: child, options: options.scenario, keepLines: true,
      coverageFromStart: false
    ).lines(upTo: steps)
    for (index, (a, b)) in zip(one, two).enumerated() where a != b {
      return "line \(index + 1) of the trace is \"\(a)\" in one run and \"\(b)\" in another"
    }
    if one.count != two.count {
      let (longer, line) = one.count > two.count ? (one, one.count) : (two, two.count)
      return
        "one run's trace goes on with \"\(longer[min(one.count, two.count)])\" (line \(min(one.count, two.count) + 1) of \(line)) where the other's ends"
    }
    return
      "the same path ran differently, though the traces kept the same lines (the difference is in what the trace does not show, or in a third run)"
  }

  /// The trace entries of a path, for a diagram of a violation.
  public func traceEntries(of path: [ExploreStep]) -> [TraceEntry] {
    PathRun(
      file: file, path: path, options: options.scenario, keepLines: true,
      coverageFromStart: false
    ).entries
  }

  /// The trace of a path, with the actions, for the report of a violation: each line with
  /// whether it is one of the explored events (an action after the start point).
  public func trace(of path: [ExploreStep]) -> [(line: String, explored: Bool)] {
    let run = PathRun(
      file: file, path: path, options: options.scenario, keepLines: true,
      coverageFromStart: false)
    let start = run.entryCounts.first ?? run.entries.count
    return run.entries.enumerated().compactMap { index, entry in
      guard entry.event.detail <= .standard else { return nil }
      var explored = false
      if index >= start, case .action = entry.event { explored = true }
      return (entry.event.line(spelling: .objectiveC), explored)
    }
  }

}
