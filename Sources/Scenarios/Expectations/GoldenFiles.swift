import LuaBridge

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A golden trace file that `--record` created or changed; unchanged files are not listed.
public struct GoldenChange: Equatable, Sendable {
  public enum Kind: Equatable, Sendable {
    case created, updated
  }

  /// The file, beside the scenario as the scenario's path was given (`Scripts/launch.trace`).
  public var path: String
  public var kind: Kind
  /// Trace lines added and removed (a new file: all its lines added).
  public var added: Int
  public var removed: Int

  public init(path: String, kind: Kind, added: Int, removed: Int) {
    self.path = path
    self.kind = kind
    self.added = added
    self.removed = removed
  }
}

/// `expect.golden(name)`: the whole trace so far against `<scenario stem>[.name].trace` beside
/// the scenario, or, when recording, written there.
///
/// A name is used once per scenario: one file cannot hold two different traces, and a second
/// call with the trace unchanged would check nothing.
struct GoldenFiles {
  /// The scenario file, as the user named it; nil when the scenario is not a file.
  var scenario: String?
  var record: Bool
  /// Where the scenario reads files: a golden file is read only under its root.
  var files: LuaFileScope?
  private(set) var changes: [GoldenChange] = []
  /// Where each name was used (`launch.lua:12`, "" when no Lua code was running); the unnamed
  /// file is "".
  private var used: [String: String] = [:]

  init(record: Bool) { self.record = record }

  /// 1 to 64 ASCII letters, digits, `-` and `_`: a name can only ever be a part of a file name,
  /// and one that fits beside a long scenario name.
  static func isValidName(_ name: String) -> Bool {
    (1...64).contains(name.utf8.count)
      && name.unicodeScalars.allSatisfy {
        ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
          || $0 == "-" || $0 == "_"
      }
  }

  /// The golden file of `name` for a scenario at `scenario`: `launch.lua` → `launch.trace`,
  /// `Scripts/launch.lua` and "background" → `Scripts/launch.background.trace`.
  static func path(scenario: String, name: String?) -> String {
    let file = FileSystem.name(of: scenario)
    let folder = String(scenario.dropLast(file.count))
    var stem = Substring(file)
    if let dot = file.lastIndex(of: "."), dot != file.startIndex { stem = file[..<dot] }
    return folder + stem + (name.map { ".\($0)" } ?? "") + ".trace"
  }

  /// Compares `trace` (the whole trace so far, one entry per line) with the golden file of
  /// `name`, or records it. `location` is the call's `file.lua:12`.
  ///
  /// Throws `ExpectationFailure` when the trace differs or the file is missing (not recording),
  /// `FileFormatError` when the file is not a trace, `LuaFileError` when it cannot be read,
  /// `LuaError` (`.file`) when it cannot be written, and `LuaScriptError` for a name used twice.
  mutating func check(_ trace: [String], name: String?, location: ScriptLocation?) throws {
    guard let scenario else {
      throw LuaScriptError("expect.golden: this scenario is not a file, so it has no golden traces")
    }
    if let earlier = used[name ?? ""] {
      let call = name.map { "expect.golden(\"\($0)\")" } ?? "expect.golden()"
      throw LuaScriptError(
        "\(call) was already checked at \(earlier); a golden trace is compared once per scenario (give each call its own name)"
      )
    }
    used[name ?? ""] = location?.description ?? ""
    let path = Self.path(scenario: scenario, name: name)
    let actual = trace.map(GoldenTrace.fileLine)
    let golden = try read(path)
    if record {
      try write(actual, over: golden, to: path, scenario: scenario, name: name)
      return
    }
    guard let golden else {
      throw ExpectationFailure(
        headline: "expect.golden: no golden trace at \(path) yet; record it with --record")
    }
    guard golden.lines != actual else { return }
    var failure = TraceExpectations.failure(
      "expect.golden", subject: "the trace differs from \(path): ",
      diff: LineDiff(
        expected: golden.lines, actual: actual, describe: { $0 }, matches: { $0 == $1 }),
      legend: "(− golden, + actual)",
      lineName: { line in
        "line \(line) of the trace"
          + (line <= golden.lines.count ? " (\(path):\(golden.lineNumbers[line - 1]))" : "")
      })
    failure.addNote("hint: if the new trace is right, record it with --record")
    throw failure
  }

  /// The golden file at `path`, or nil when there is none. It is read as any file the scenario
  /// names: under the project root, and a regular file of at most `LuaInputFile.sizeLimit`.
  private func read(_ path: String) throws -> GoldenTrace? {
    let expected = "a golden trace"
    var real = path
    if let files {
      guard let location = try Self.locate(path, in: files, expected: expected), location.exists
      else { return nil }
      real = location.real
    } else if FileSystem.kind(of: path) == .missing {
      return nil
    }
    let bytes = try LuaInputFile.read(real, file: path, expected: expected)
    return try GoldenTrace(parsing: String(decoding: bytes, as: UTF8.self), file: path)
  }

  /// Where the golden file `path` is, or nil for a name too long to be a file's: recording
  /// says why it cannot be written.
  private static func locate(_ path: String, in files: LuaFileScope, expected: String)
    throws(LuaFileError) -> LuaFileScope.Location?
  {
    do {
      return try files.locate(path, from: ".", expected: expected)
    } catch {
      if error.reason == .cannotOpen(ENAMETOOLONG) { return nil }
      throw error
    }
  }

  /// Recording writes through a symbolic link to the file it leads to: that file must be under
  /// the root, as a golden file read is (a dangling link is not caught by reading).
  private func checkLinkStaysInside(_ path: String) throws {
    guard let files, case .replace(let real)? = try? FileSystem.destination(of: path), real != path
    else { return }
    let root = files.root
    let folder = LuaFileScope.realPath(FileSystem.folder(of: real)) ?? FileSystem.folder(of: real)
    guard !LuaFileScope.isInside(folder + "/" + FileSystem.name(of: real), root.path) else {
      return
    }
    throw LuaError(
      .file,
      "cannot write \(path): a symbolic link leads it outside the project root \(root.display) \(root.note)"
    )
  }

  private mutating func write(
    _ actual: [String], over golden: GoldenTrace?, to path: String, scenario: String, name: String?
  ) throws {
    if let golden, golden.lines == actual { return }
    let header =
      golden?.header.isEmpty == false
      ? golden!.header
      : GoldenTrace.recordedHeader(scenario: FileSystem.name(of: scenario), name: name)
    try checkLinkStaysInside(path)
    do {
      try FileSystem.writeAtomically(GoldenTrace(header: header, lines: actual).text, to: path)
    } catch {
      throw LuaError(.file, error.message)
    }
    guard let golden else {
      changes.append(GoldenChange(path: path, kind: .created, added: actual.count, removed: 0))
      return
    }
    let diff = LineDiff(
      expected: golden.lines, actual: actual, describe: { $0 }, matches: { $0 == $1 })
    changes.append(
      GoldenChange(
        path: path, kind: .updated, added: diff.unexpectedCount, removed: diff.missingCount))
  }
}
