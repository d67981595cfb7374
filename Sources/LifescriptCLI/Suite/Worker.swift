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

/// `lifescript worker`: one of a suite's worker processes (not for people; hidden from help).
///
/// It reads jobs from standard input, one per line (`WorkerWire`): the job's index, a tab, `file`
/// (the path matched `--filter`: the whole file runs) or `tests` (only tests whose names match
/// run, and a file without tests runs nothing), a tab, the scenario's path (escaped: `\n` for a
/// line break, `\r` for a carriage return and `\\` for a backslash, so a file name with a line
/// break is one job; its tabs stay as they are). It runs each in a fresh scenario and answers on
/// file descriptor 3. A file with named tests sends
/// `S <index> <length>\n` and the test's name and line as each test starts, and its outcome
/// as `C <index> <length>\n` and its fields as it ends, then waits for a line `next` on standard
/// input, so the suite has read what the test printed before the next one prints; the job
/// ends with `R <index> <length>\n` and the outcome of the file as a whole (empty when its
/// tests said everything). What scenarios print goes to its standard output and error, which
/// the suite reads and attributes to the job (and test) it is running, so output and crashes
/// are reported against the right scenario. It exits at the end of its input.
struct Worker: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "worker", abstract: "Run scenarios for lifescript test.", shouldDisplay: false)

  /// The descriptor outcomes are written to.
  static let resultDescriptor: Int32 = 3

  @OptionGroup var app: AppOptions
  @OptionGroup var root: RootOption
  @OptionGroup var limits: LimitOptions
  @OptionGroup var warnings: WarningOptions

  @Flag(help: "Record golden traces (lifescript test --record).")
  var record = false

  @Flag(help: "Send each scenario's trace with its outcome (for --format json).")
  var sendTrace = false

  @Option(help: "The suite's lifescript.lua, laid under the options given.")
  var config: String?

  @Option(help: "Append the files each scenario reads to this file (lifescript test --watch).")
  var reportReads: String?

  @Option(help: "Run only tests whose names match (lifescript test --filter).")
  var filter: [String] = []

  @Option(help: "Leave out tests whose names match (lifescript test --skip).")
  var skip: [String] = []

  @Option(help: "Run paths of lifescript explore of this file (see ExploreWire).")
  var explore: String?

  func run() throws {
    atexit { sendExitMarker() }
    if let explore {
      // As the explorer's own process runs it: the file's lifescript.lua, the options on top.
      guard var settings = Run.configuredSettings(for: explore) else { throw ExitCode(2) }
      limits.apply(to: &settings)
      app.apply(to: &settings.scenario)
      root.apply(to: &settings.scenario)
      try ExploreWire.serve(file: explore, options: settings.scenario, timeout: settings.timeout)
      return
    }
    var settings = RunSettings()
    if let config {
      do {
        try SuiteConfiguration.load(config).apply(to: &settings)
      } catch {
        Console.writeError(error.message + "\n")
        throw ExitCode(2)
      }
    }
    limits.apply(to: &settings)
    var options = settings.scenario
    app.apply(to: &options)
    root.apply(to: &options)
    options.recordGolden = record
    options.warnings = warnings.applied(to: options.warnings)
    // Line by line, so what a scenario printed before its worker died is not lost in a buffer.
    LuaSandbox.writeOutputPerLine()
    var input = LineReader(descriptor: 0)
    while let line = input.next() {
      guard let (index, fields) = WorkerWire.job(line, fieldCount: 2),
        fields[0] == "file" || fields[0] == "tests"
      else {
        Console.writeError("lifescript worker: malformed job: \(line)\n")
        throw ExitCode(2)
      }
      let path = WorkerWire.unescape(fields[1])
      let wholeFile = fields[0] == "file"
      let selection = ScenarioRunner.CaseSelection(wholeFile: wholeFile) { [filter, skip] test in
        (wholeFile || filter.contains { SuitePlan.matches($0, test: test.name) })
          && !skip.contains { SuitePlan.matches($0, test: test.name) }
      }
      var whole: ScenarioOutcome?
      var answered = true
      // Which test runs now, so a crash or a time limit names it.
      let starting: (NamedTest) -> Void = { test in
        fflush(nil)
        let fields = WorkerWire.Fields([
          ("test", test.name), ("test_line", String(test.location.line)),
        ])
        answered = answered && Self.send("S", index, fields.encoded)
      }
      if reportReads != nil { WatchReport.startRecordingReads() }
      ScenarioOutcome.runCases(
        file: path, options: options, keepTrace: sendTrace, keepWarnings: true,
        selection: selection, starting: starting
      ) { outcome in
        guard answered else { return }
        guard outcome.test != nil else {
          whole = outcome
          return
        }
        // What the test printed is in the pipes before its outcome; the suite reads it, then
        // says `next`.
        fflush(nil)
        answered = Self.send("C", index, outcome.encoded) && input.next() == WorkerWire.next
      }
      if let reportReads { WatchReport.appendReads(of: path, to: reportReads) }
      guard answered else { throw ExitCode(2) }
      fflush(nil)
      guard Self.send("R", index, whole?.encoded ?? []) else { throw ExitCode(2) }
    }
  }

  /// Writes a record of `kind` for the job `index` to the results descriptor.
  static func send(_ kind: String, _ index: Int, _ body: [UInt8]) -> Bool {
    write(WorkerWire.record(kind, index, body), to: resultDescriptor)
  }

  static func write(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
    bytes.withUnsafeBytes { Console.write($0, to: descriptor) }
  }

}

/// Writes `WorkerWire.exitMarker` as the worker leaves through `exit` (its input ended, or a
/// scenario called `os.exit`), so the suite tells an exit status a crash handler or a sanitizer
/// gave from one the scenario gave (at file scope: inside Worker, `write` names its own).
private func sendExitMarker() {
  let marker = WorkerWire.exitMarker
  _ = write(Worker.resultDescriptor, marker.utf8Start, marker.utf8CodeUnitCount)
}
