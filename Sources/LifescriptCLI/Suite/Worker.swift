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
/// It reads jobs from standard input, one per line: the job's index, a tab, the scenario's path.
/// It runs each in a fresh scenario and answers on file descriptor 3 with
/// `R <index> <length>\n` and the outcome's fields. What scenarios print goes to its standard
/// output and error, which the suite reads and attributes to the job it is running, so output
/// and crashes are reported against the right scenario. It exits at the end of its input.
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

  func run() throws {
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
      guard let tab = line.firstIndex(of: "\t"), let index = Int(line[..<tab]) else {
        Console.writeError("lifescript worker: malformed job: \(line)\n")
        throw ExitCode(2)
      }
      let path = String(line[line.index(after: tab)...])
      if reportReads != nil { WatchReport.startRecordingReads() }
      let outcome = ScenarioOutcome.run(
        file: path, options: options, keepTrace: sendTrace, keepWarnings: true)
      if let reportReads { WatchReport.appendReads(of: path, to: reportReads) }
      // What the script printed is in the pipes before the outcome that closes the job.
      fflush(nil)
      let body = outcome.encoded
      let record = Array("R \(index) \(body.count)\n".utf8) + body
      guard Self.write(record, to: Self.resultDescriptor) else { throw ExitCode(2) }
    }
  }

  static func write(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
    bytes.withUnsafeBytes { Console.write($0, to: descriptor) }
  }

}

/// Lines read in blocks: from a file descriptor, or from any source that may be interrupted
/// (the REPL's standard input, which Ctrl-C stops).
struct LineReader {
  enum Next: Equatable {
    /// A line without its line break (the last one may have none).
    case line(String)
    /// The source said it was interrupted; what was read stays for the next call.
    case interrupted
    case end
  }

  /// Reads up to `count` bytes into the buffer: how many, 0 at the end, nil when interrupted.
  typealias Source = (UnsafeMutableRawPointer, Int) -> Int?

  private let source: Source
  private var buffer: [UInt8] = []
  private var finished = false

  init(source: @escaping Source) { self.source = source }

  init(descriptor: Int32) {
    self.init { bytes, count in
      while true {
        let read = Glibc.read(descriptor, bytes, count)
        if read < 0 && errno == EINTR { continue }
        return max(read, 0)
      }
    }
  }

  /// The next line, or nil at the end.
  mutating func next() -> String? {
    while true {
      switch nextLine() {
      case .line(let line): return line
      case .end: return nil
      case .interrupted: continue
      }
    }
  }

  mutating func nextLine() -> Next {
    var chunk = [UInt8](repeating: 0, count: 4096)
    while true {
      if let newline = buffer.firstIndex(of: 0x0A) {
        let line = String(decoding: buffer[..<newline], as: UTF8.self)
        buffer.removeSubrange(...newline)
        return .line(line)
      }
      if finished {
        guard !buffer.isEmpty else { return .end }
        defer { buffer.removeAll() }
        return .line(String(decoding: buffer, as: UTF8.self))
      }
      guard let count = chunk.withUnsafeMutableBytes({ source($0.baseAddress!, $0.count) })
      else { return .interrupted }
      if count == 0 {
        finished = true
      } else {
        buffer += chunk[..<count]
      }
    }
  }
}
