import Scenarios

extension Lifescript {
  /// One reason a run did not pass: a failed expectation, an unclaimed exception, or the error
  /// that ended the run, with where the script was.
  public struct Failure: Equatable, Sendable, CustomStringConvertible {
    /// What failed.
    public enum Kind: Equatable, Sendable {
      /// An `expect.*` call did not hold.
      case expectation
      /// An Objective-C exception ended the app's process and no `expect.exception` claimed
      /// it.
      case uncaughtException
      /// A syntax or runtime error, an error a native method threw, a limit, a bad input file.
      case error
    }

    /// What failed.
    public var kind: Kind
    /// The headline, without the location: `expect.events: sceneDidBecomeActive: did not
    /// come (− expected, + actual)`, `boom`, `instruction limit exceeded (…)`. A message that
    /// names another place keeps it (`error("other.lua:3: …", 0)`).
    public var message: String
    /// Where it happened, whole (where messages may shorten a long path): the script the
    /// failing code was in (the scenario's path, or a required module's) when the error was
    /// raised or raised again by Lua code, or the file a script read that was malformed (an
    /// Info.plist, a golden trace); the scenario itself for a memory limit; nil when unknown.
    public var file: String?
    /// The line of ``file``, when known.
    public var line: Int?
    /// For a failed expectation, the lines that show it: the diff rows, each starting with
    /// `  ` (in both), `− ` (expected, missing) or `+ ` (there, not expected); for
    /// `expect.log` and `expect.exception`, what came instead. Empty otherwise.
    public var diff: [String]
    /// Lines after the diff: the first difference, hints (`hint: … came, but 2 lines later
    /// than expected`).
    public var notes: [String]
    /// Lua's `stack traceback:` for an error raised while the script ran.
    public var traceback: String?
    /// The whole failure as `lifescript run` prints it: `launch.lua:12: expect.events: …`,
    /// then the diff and notes, or the error, where in the app it failed, and the traceback.
    public var description: String

    /// A failure made of its parts.
    public init(
      kind: Kind, message: String, file: String? = nil, line: Int? = nil, diff: [String] = [],
      notes: [String] = [], traceback: String? = nil, description: String
    ) {
      self.kind = kind
      self.message = message
      self.file = file
      self.line = line
      self.diff = diff
      self.notes = notes
      self.traceback = traceback
      self.description = description
    }

    /// How messages name the options that raise the limits.
    static let limitOptions = FailureReport.LimitOptions(
      memory: "Options.maxMemory", instructions: "Options.maxInstructions")

    /// A failure of the scenario, from its typed parts: the location is the one the scenario
    /// recorded (from Lua's debug information, or a bad file's line), never read out of text.
    init(_ failure: ScenarioFailure) {
      let report = FailureReport(failure, limitOptions: Self.limitOptions)
      switch failure.reason {
      case .expectation(let expectation):
        self.init(
          kind: .expectation, message: expectation.headline, file: failure.location?.file,
          line: failure.location?.line,
          diff: expectation.details.map { $0.split(separator: "\n").map(String.init) } ?? [],
          notes: expectation.notes, description: report.text)
      case .uncaughtException:
        self.init(
          kind: .uncaughtException, message: report.headline, file: failure.file,
          description: report.text)
      case .warnings:
        // LifescriptKit's options keep every warning a warning; a policy that makes them errors
        // fails the scenario as an error would.
        self.init(
          kind: .error, message: report.headline, file: failure.file, description: report.text)
      case .error(let error):
        // A memory limit without a place (one huge allocation) is the whole scenario's, as the
        // report says (`launch.lua: memory …`).
        let file = failure.location?.file ?? (error.kind == .memoryLimit ? failure.file : nil)
        self.init(
          kind: .error, message: report.headline, file: file, line: failure.location?.line,
          traceback: error.traceback, description: report.text)
      }
    }
  }
}
