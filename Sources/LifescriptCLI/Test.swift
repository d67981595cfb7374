import ArgumentParser
import LuaBridge
import Scenarios

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// `lifescript test PATH…`: every scenario below the paths, each in a fresh state, on worker
/// processes.
struct Test: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Run every scenario (*.lua) below the paths, on all cores.",
    discussion: """
      Each scenario runs in a fresh state in a worker process (one per core unless -j says \
      otherwise), so a scenario that crashes or hangs its worker fails alone and the suite goes \
      on. What scenarios print appears as they print it, after the scenario's path. The last \
      line is "N passed, N failed" (", N skipped" when --fail-fast left some). Exit status: 0 \
      all passed, 1 an expectation failed, 2 a script error, a limit, a dead worker, a bad \
      input file or bad usage (a path that does not exist, a folder without scenarios).
      """
  )

  @Argument(
    help:
      "Scenario files and folders (the scenarios below a folder, hidden ones skipped); none: the suite lifescript.lua configures, in the current folder or above."
  )
  var paths: [String] = []

  @Option(
    help: ArgumentHelp(
      "Run only scenarios whose path contains this text, or that match it as a glob (*, ?, [) on the whole path or the name. Repeatable.",
      valueName: "pattern"))
  var filter: [String] = []

  @Option(
    help: ArgumentHelp(
      "Leave out scenarios that match, as for --filter. Repeatable.", valueName: "pattern"))
  var skip: [String] = []

  @Flag(help: "List the scenarios that would run, in order, and exit.")
  var list = false

  @Flag(help: "Stop handing out scenarios after the first failure.")
  var failFast = false

  @Option(
    name: [.customShort("j", allowingJoined: true), .customLong("jobs")], parsing: .unconditional,
    help: ArgumentHelp("Worker processes, 1 to 512 (default: one per core).", valueName: "n"),
    transform: WholeNumber.parser("a number of workers", in: WholeNumber.workers))
  var workers: Int?

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "Run the i-th of n deterministic parts of the suite, like 2/3; the n parts together are the suite.",
      valueName: "i/n"))
  var shard: String?

  @Flag(help: "Run in a random order; the seed is printed (give it back with --seed).")
  var shuffle = false

  @Option(
    name: .customLong("repeat"), parsing: .unconditional,
    help: ArgumentHelp("Run the whole suite this many times.", valueName: "n"),
    transform: WholeNumber.parser("a count", in: 1...Int.max))
  var repeats = 1

  @Flag(
    help: ArgumentHelp(
      "Record golden traces: each expect.golden writes its .trace file beside the scenario (created, or rewritten when it differs) instead of comparing; the report lists what changed."
    ))
  var record = false

  @Option(
    help: "The report: text, json (JSON lines), tap (TAP 13) or junit (JUnit XML) (default: text).")
  var format: ReportFormat?

  @Option(
    help: ArgumentHelp(
      "Write the report to this file (atomically); the text report still goes to standard output.",
      valueName: "file"))
  var output: String?

  @Flag(
    help:
      "Run the suite, then again whenever a scenario, a file one read (a required module, an Info.plist or storyboard file), lifescript.lua or a new scenario file changes: only the scenarios it concerns, then a line for the whole suite; Ctrl-C stops."
  )
  var watch = false

  /// Set by `--watch` on the runs it starts: where to report what each scenario read and how
  /// it ended (`WatchReport`).
  @Option(help: .hidden) var watchReport: String?

  /// Set by `--watch`: run only these of the scenarios the suite selects.
  @Option(help: .hidden) var only: [String] = []

  @OptionGroup var app: AppOptions
  @OptionGroup var root: RootOption
  @OptionGroup var limits: LimitOptions
  @OptionGroup var warnings: WarningOptions

  func validate() throws {
    try root.check(containing: paths)
    try OutputFiles.checkNotEmpty(output, option: "--output")
    if watch, list {
      throw ValidationError("--list prints the scenarios and exits; leave out --watch")
    }
    if let shard, Shard(shard) == nil {
      throw ValidationError(
        "--shard takes i/n with 1 <= i <= n, like 2/3, not '\(shard)'")
    }
  }

  func run() throws {
    if watch {
      let arguments = Array(Swift.CommandLine.arguments.dropFirst()).filter { $0 != "--watch" }
      let configured = try? Self.configuration(for: paths)
      let format = self.format ?? configured?.format ?? .text
      let machineReport = format != .text && (output ?? configured?.output) == nil
      TestWatch.loop(paths: paths, arguments: arguments, machineReport: machineReport)
    }
    var limits = self.limits
    if shuffle, limits.seed == nil { limits.seed = Int.random(in: 0..<1_000_000) }
    let configuration: SuiteConfiguration?
    do {
      configuration = try Self.configuration(for: paths)
    } catch {
      Console.writeError(error.message + "\n")
      throw ExitCode(2)
    }
    var settings = RunSettings()
    configuration?.apply(to: &settings)
    app.apply(to: &settings.scenario)
    root.apply(to: &settings.scenario)
    limits.apply(to: &settings)
    settings.scenario.warnings = warnings.applied(to: settings.scenario.warnings)
    let format = self.format ?? configuration?.format ?? .text
    let output = self.output ?? configuration?.output.map { configuration!.resolve($0) }
    let paths = self.paths.isEmpty ? configuration.map { [$0.folder] } ?? [] : self.paths

    var options = SuitePlan.Options()
    options.filters = filter
    options.skips = skip
    options.shard = shard.flatMap(Shard.init)
    options.repeats = repeats
    if shuffle { options.shuffleSeed = UInt64(bitPattern: Int64(settings.scenario.seed)) }
    if let configuration {
      options.selection.base = LuaFileScope.realPath(configuration.folder)
      if !configuration.scenarios.isEmpty { options.selection.patterns = configuration.scenarios }
      options.selection.exclude = configuration.exclude
    }
    options.selection.root = settings.scenario.root.flatMap(LuaFileScope.realPath)

    var plan: SuitePlan
    // The report file as the user named it: the option, or the configuration's setting.
    var named = output ?? ""
    if let output = self.output {
      named = "--output \(output)"
    } else if let configuration, let output = configuration.output {
      named = configuration.setting("output", output)
    }
    let inputs = configuration?.inputs ?? []
    do throws(SuiteUsageError) {
      if let output { try Self.checkWritable(output) }
      plan = try SuitePlan(paths: paths, options: options)
      if let output {
        // Every scenario found, also those the filters leave out this time.
        if let refusal = OutputFiles.refusal(
          output, named: named, writing: "the report",
          inputs: OutputFiles.scenarios(plan.found) + inputs,
          scenarios: plan.found)
        {
          throw SuiteUsageError("lifescript test: \(refusal)")
        }
      }
    } catch {
      Console.writeError(error.message + "\n")
      throw ExitCode(2)
    }
    if !only.isEmpty {
      // --watch runs again the scenarios a change concerns, of those the suite selects.
      plan.keep(only)
      if plan.selected.isEmpty { return }
    }
    if list {
      Console.writeOutput(listing(plan, options: settings.scenario).map { $0 + "\n" }.joined())
      return
    }
    var note: String?
    if plan.selected.isEmpty {
      let kept = plan.found.count - plan.filteredOut
      if let shard = options.shard, kept > 0 {
        // More shards than scenarios left: an empty shard passes, and says so, so a CI matrix
        // stays green whatever slice a job gets.
        let filtered = plan.filteredOut > 0 ? " after --filter/--skip" : ""
        note =
          "shard \(shard.index)/\(shard.count) has no scenarios (the suite has \(kept)\(filtered))"
      } else {
        let patterns = (filter.map { "--filter \($0)" } + skip.map { "--skip \($0)" })
          .joined(separator: ", ")
        Console.writeError(
          "lifescript test: no scenarios left after \(patterns) (of \(plural(plan.found.count, "scenario")) found)\n"
        )
        throw ExitCode(2)
      }
    }

    let policy = settings.scenario.warnings
    let workerCount = min(workers ?? configuration?.jobs ?? Self.cores, plan.jobs.count)
    let header = SuiteHeader(
      scenarios: plan.selected.count, jobs: plan.jobs.count, workers: workerCount,
      seed: shuffle ? settings.scenario.seed : nil, shard: options.shard, repeats: repeats,
      warnings: policy.mode, configuration: configuration?.file, note: note)
    // A machine report on standard output must stay alone there: the note goes to standard error.
    if let note, output == nil, format != .text { Console.writeError("lifescript test: \(note)\n") }
    var reporters: [SuiteReporter] = []
    var fileReporter: SuiteReporter?
    if output != nil || format == .text {
      reporters.append(TextReporter(colour: .forStandardOutput, write: Console.writeOutput))
    }
    if output != nil || format != .text { fileReporter = format.reporter }
    if let fileReporter { reporters.append(fileReporter) }
    for reporter in reporters { reporter.begin(header) }

    // The reports of the runs, by job. A report file and --watch want every one; the text
    // report only the failures, warnings and recordings it lists at the end, so a passing run
    // is counted and let go, and the parent's memory stays flat however many runs --repeat
    // asks for.
    let keepAll = fileReporter != nil || watchReport != nil
    // The modules a report could replace are known only once the scenarios have required them:
    // the workers say which files each read, and the report is not written over one.
    let readsReport = output != nil && watchReport == nil ? ReadsFile() : nil
    defer { readsReport?.remove() }
    var reports: [Int: [ScenarioReport]] = [:]
    var summary = SuiteSummary()
    // Bounded: what a scenario prints streams to the terminal, and only its tail is kept.
    var outputs: [Int: (OutputTail, OutputTail)] = [:]
    let started = monotonicSeconds()
    let pool = WorkerPool(
      count: workerCount,
      arguments: app.arguments + root.arguments + limits.arguments
        + WarningOptions.arguments(for: policy)
        + (configuration.map { ["--config", $0.file] } ?? [])
        + filter.flatMap { ["--filter", $0] } + skip.flatMap { ["--skip", $0] }
        + (format == .json ? ["--send-trace"] : [])
        + ((watchReport ?? readsReport?.path).map { ["--report-reads", $0] } ?? [])
        + (record ? ["--record"] : []),
      timeout: settings.timeout)
    let notRun: Slice<SuiteJobs>
    do {
      notRun = try pool.run(plan.jobs, stopAfterFailure: failFast) { event in
        switch event {
        case .output(let job, let stream, let text):
          if stream == .standardOutput {
            outputs[job.index, default: (OutputTail(), OutputTail())].0.append(text)
          } else {
            outputs[job.index, default: (OutputTail(), OutputTail())].1.append(text)
          }
          for reporter in reporters { reporter.output(job, stream, text) }
        case .finished(let job, let outcome, let seconds):
          let printed = outputs.removeValue(forKey: job.index) ?? (OutputTail(), OutputTail())
          var report = ScenarioReport(
            job: job, status: ScenarioReport.Status(rawValue: outcome.status.rawValue)!,
            message: outcome.failure, failedAt: outcome.location, trace: outcome.trace,
            recorded: outcome.recorded,
            seconds: seconds, output: printed.0.text, errorOutput: printed.1.text,
            warnings: outcome.warnings)
          report.test = outcome.test
          report.testLine = outcome.testLine
          report.reason = outcome.reason
          summary.count(report)
          for reporter in reporters { reporter.finished(report) }
          if keepAll || report.status == .failed || report.status == .error
            || !report.warnings.isEmpty || !report.recorded.isEmpty
          {
            reports[job.index, default: []].append(report)
          }
        case .ended(let job):
          // What a file printed after its last test goes with that test.
          if let printed = outputs.removeValue(forKey: job.index),
            let last = reports[job.index]?.indices.last
          {
            reports[job.index]![last].output += printed.0.text
            reports[job.index]![last].errorOutput += printed.1.text
          }
        }
      }
    } catch {
      Console.writeError(error.message + "\n")
      throw ExitCode(2)
    }
    let reason =
      failFast ? "not run: --fail-fast stopped the suite" : "not run: no worker could be started"
    // Each run of the round where the suite stopped is reported; later rounds (`--repeat`, which
    // may ask for billions) are counted together.
    let stoppedRound = notRun.first?.round
    for job in notRun.prefix(while: { $0.round == stoppedRound }) {
      let report = ScenarioReport(job: job, status: .skipped, message: reason)
      summary.count(report)
      reports[job.index] = [report]
      for reporter in reporters { reporter.finished(report) }
    }
    let laterRounds = notRun.count - notRun.prefix(while: { $0.round == stoppedRound }).count
    if laterRounds > 0 {
      summary.skipped += laterRounds
      Console.writeError(
        "lifescript test: \(plural(laterRounds, "more run")) of later rounds \(reason)\n")
    }
    let finished = reports.keys.sorted().flatMap { reports[$0]! }
    let ranAny = summary.passed + summary.failed + summary.skipped + summary.knownIssues > 0
    if !ranAny, !plan.jobs.isEmpty, let shard = options.shard, notRun.isEmpty {
      // The shard's files define tests, and none of them matched: the shard passes, and says so.
      let late =
        "shard \(shard.index)/\(shard.count) has no tests that match (no test in its \(plural(plan.selected.count, "file")) is left by --filter/--skip)"
      if output == nil, format != .text { Console.writeError("lifescript test: \(late)\n") }
      for reporter in reporters { reporter.ranNothing(late) }
    }
    if !ranAny, !plan.jobs.isEmpty, options.shard == nil {
      // The filters matched no path, and no test in the files that define tests.
      let patterns = (filter.map { "--filter \($0)" } + skip.map { "--skip \($0)" })
        .joined(separator: ", ")
      Console.writeError(
        "lifescript test: no scenarios or tests left after \(patterns) (of \(plural(plan.found.count, "scenario")) found)\n"
      )
      throw ExitCode(2)
    }
    if let watchReport {
      WatchReport.appendStatuses(
        finished.map { ($0.job.path, $0.status.rawValue) }, to: watchReport)
    }
    summary.seconds = monotonicSeconds() - started

    if let fileReporter {
      let text = fileReporter.finish(finished, summary)
      if let output {
        let reads = WatchReport(file: watchReport ?? readsReport?.path ?? "").reads
        let read = reads.keys.sorted().flatMap { scenario in
          (reads[scenario] ?? []).map {
            OutputFiles.Input(path: $0, role: "the file \($0) that \(scenario) read")
          }
        }
        if let input = OutputFiles.input(output, among: read) {
          Console.writeError(
            "lifescript test: \(named) is \(input.role): the report would replace it, and is not written; name another file\n"
          )
          throw ExitCode(2)
        }
        do {
          try FileSystem.writeAtomically(text, to: output)
        } catch {
          Console.writeError("lifescript test: \(error.message)\n")
          throw ExitCode(2)
        }
      } else {
        Console.writeOutput(text)
      }
    }
    if let text = reporters.first as? TextReporter, output != nil || format == .text {
      Console.writeOutput(text.finish(finished, summary))
    }
    if summary.exitStatus != 0 { throw ExitCode(summary.exitStatus) }
  }

  /// The lifescript.lua the suite runs with: for no paths, the one in the current folder or
  /// above (there must be one); else the one above the paths, which must share it.
  static func configuration(for paths: [String]) throws(SuiteUsageError) -> SuiteConfiguration? {
    var files: [String] = []
    var unconfigured: [String] = []
    var seen = Set<String>()
    for path in paths.isEmpty ? ["."] : paths {
      let folder = FileSystem.kind(of: path) == .directory ? path : FileSystem.folder(of: path)
      guard let file = SuiteConfiguration.find(above: folder) else {
        unconfigured.append(path)
        continue
      }
      if seen.insert(LuaFileScope.realPath(file) ?? file).inserted { files.append(file) }
    }
    if files.count > 1 || (!files.isEmpty && !unconfigured.isEmpty) {
      let suites = files + unconfigured.prefix(1).map { "none for \($0)" }
      throw SuiteUsageError(
        "lifescript test: the paths belong to suites with different lifescript.lua files (\(suites.joined(separator: ", "))); test each suite on its own"
      )
    }
    if paths.isEmpty, files.isEmpty {
      throw SuiteUsageError(
        "lifescript test: no paths, and no lifescript.lua in the current folder or above it; name the scenarios to run (lifescript test LifecycleTests/), or configure the suite in lifescript.lua (Documentation/Reference/lifescript-lua.md)"
      )
    }
    guard let file = files.first else { return nil }
    do {
      return try SuiteConfiguration.load(file)
    } catch {
      throw SuiteUsageError(error.message)
    }
  }

  /// A report file's folder must exist before the suite runs, not be found missing after.
  /// `--list`: each file that would run, and for a file with named tests each test that would
  /// run instead, as `path › name` (its top level runs once to define them, output dropped).
  private func listing(_ plan: SuitePlan, options: ScenarioOptions) -> [String] {
    var lines: [String] = []
    for job in plan.jobs.prefix(plan.selected.count) {
      guard SuitePlan.mayDefineTests(job.path),
        let tests = ScenarioRunner.namedTests(file: job.path, options: options), !tests.isEmpty
      else {
        // No tests (or a top level that fails before defining any, which the run reports).
        if job.wholeFile { lines.append(job.path) }
        continue
      }
      for test in tests
      where (job.wholeFile || filter.contains { SuitePlan.matches($0, test: test.name) })
        && !skip.contains(where: { SuitePlan.matches($0, test: test.name) })
      {
        lines.append("\(job.path) › \(test.name)")
      }
    }
    return lines
  }

  static func checkWritable(_ path: String) throws(SuiteUsageError) {
    do {
      try FileSystem.checkWritable(path)
    } catch {
      throw SuiteUsageError("lifescript test: \(error.message)")
    }
  }

  static var cores: Int { max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))) }
}

enum ReportFormat: String, ExpressibleByArgument, CaseIterable {
  case text, json, tap, junit

  /// The reporter that writes this format at the end of the suite.
  var reporter: SuiteReporter {
    switch self {
    case .text: return BufferedTextReporter()
    case .json: return JSONReporter()
    case .tap: return TAPReporter()
    case .junit: return JUnitReporter()
    }
  }
}

/// The text report for a file: what the terminal shows, without colour, kept until the end.
final class BufferedTextReporter: SuiteReporter {
  private var text = ""
  private lazy var inner = TextReporter(colour: Colour(enabled: false)) { [unowned self] in
    self.text += $0
  }

  /// Bytes of output passed on for each running job since its last report, and how many more
  /// were left out: the file keeps the first `OutputTail.limit` bytes of each.
  private var passed: [Int: (kept: Int, dropped: Int)] = [:]

  func begin(_ header: SuiteHeader) { inner.begin(header) }
  func output(_ job: SuiteJob, _ stream: SuiteEvent.OutputStream, _ text: String) {
    var count = passed[job.index, default: (0, 0)]
    if count.kept + text.utf8.count <= OutputTail.limit {
      count.kept += text.utf8.count
      inner.output(job, stream, text)
    } else {
      count.dropped += text.utf8.count
    }
    passed[job.index] = count
  }
  func finished(_ report: ScenarioReport) {
    if let count = passed.removeValue(forKey: report.job.index), count.dropped > 0 {
      inner.output(
        report.job, .standardOutput,
        "\n[lifescript: \(count.dropped) more bytes printed here are left out; this file keeps the first \(OutputTail.limit >> 10) KiB of each]\n"
      )
    }
    inner.finished(report)
  }
  func ranNothing(_ note: String) { inner.ranNothing(note) }
  func finish(_ reports: [ScenarioReport], _ summary: SuiteSummary) -> String {
    text + inner.finish(reports, summary)
  }
}

/// A scratch file the suite's workers append the files they read to (`--report-reads`), for
/// the suite to know its scenarios' modules; removed when the suite is done.
final class ReadsFile {
  let path: String

  init?() {
    var template = Array("/tmp/lifescript-reads-XXXXXX".utf8CString)
    let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    guard descriptor >= 0 else { return nil }
    close(descriptor)
    path = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
  }

  func remove() { unlink(path) }
}
