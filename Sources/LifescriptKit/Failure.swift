import AppLifecycle
import LuaBridge
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
    /// come (− expected, + actual)`, `boom`, `instruction limit exceeded (…)`.
    public var message: String
    /// The file the script was in (as Lua names it: the scenario's path, or a required
    /// module's), when known.
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

    /// A failed expectation of the scenario `file`.
    init(_ failed: FailedExpectation, file: String) {
      var location: (file: String, line: Int)?
      if let colon = failed.location.lastIndex(of: ":"),
        let line = Int(failed.location[failed.location.index(after: colon)...])
      {
        location = (Self.file(String(failed.location[..<colon]), scenario: file), line)
      }
      self.init(
        kind: .expectation, message: failed.failure.headline, file: location?.file,
        line: location?.line,
        diff: failed.failure.details.map { $0.split(separator: "\n").map(String.init) } ?? [],
        notes: failed.failure.notes, description: failed.message)
    }

    /// An uncaught exception of the scenario `file` that no expectation claimed.
    init(uncaught entry: TraceEntry, file: String) {
      let message =
        "uncaught exception at \(entry.time): "
        + entry.event.line().dropFirst("exception ".count)
      self.init(
        kind: .uncaughtException, message: message, file: file,
        description:
          "\(file): \(message)\n(if the scenario expects it, claim it with expect.exception)")
    }

    /// The error that ended the run of the scenario `file`.
    init(_ failure: ScenarioFailure, file: String) {
      var failure = failure
      failure.isExpectationFailure = false
      let report = FailureReport(failure, limitOptions: Self.limitOptions).text
      let error = failure.error
      // A limit's headline is the report's (with the limit); an error's is Lua's message.
      let headline =
        [.memoryLimit, .instructionLimit].contains(error.kind)
        ? String(report.prefix { $0 != "\n" }) : error.message
      var message = headline
      var location: (file: String, line: Int?)?
      if let found = Self.location(in: headline) {
        location = (Self.file(found.file, scenario: file), found.line)
        message = found.rest
      } else if headline.hasPrefix(file + ": ") {
        location = (file, nil)
        message = String(headline.dropFirst(file.count + 2))
      }
      self.init(
        kind: .error, message: message, file: location?.file, line: location?.line,
        traceback: error.traceback, description: report)
    }

    /// `file:12: rest` at the start of `text`, as Lua writes a position.
    static func location(in text: String) -> (file: String, line: Int, rest: String)? {
      var start = text.startIndex
      while let colon = text[start...].firstIndex(of: ":") {
        let digits = text[text.index(after: colon)...].prefix { $0.isASCII && $0.isNumber }
        if colon > text.startIndex, !digits.isEmpty, digits.endIndex < text.endIndex,
          text[digits.endIndex] == ":", let line = Int(digits)
        {
          let file = String(text[..<colon])
          guard !file.contains("\n") else { return nil }
          var rest = text[text.index(after: digits.endIndex)...]
          if rest.first == " " { rest = rest.dropFirst() }
          return (file, line, String(rest))
        }
        start = text.index(after: colon)
      }
      return nil
    }

    /// Lua shortens a long path to `...` and its end: the scenario's own path is given whole.
    static func file(_ name: String, scenario: String) -> String {
      name.hasPrefix("...") && scenario.hasSuffix(name.dropFirst(3)) ? scenario : name
    }
  }
}
