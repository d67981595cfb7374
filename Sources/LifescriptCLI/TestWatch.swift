import LuaBridge
import Scenarios

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// `lifescript test --watch [PATH…]`: runs the suite, then, whenever an input changes, runs
/// again the scenarios the change concerns and says where the whole suite stands.
///
/// Each run is a child `lifescript test` with the same arguments (so options are read, and
/// refused, exactly as `test` reads them), given `--watch-report FILE`: its workers append the
/// files each scenario read, and it appends how each ended (`WatchReport`). A change to a
/// scenario or to a file it read (a module, an Info.plist, a storyboard) runs that scenario
/// again (`--only`); a new scenario file below the paths runs it; a change to lifescript.lua, or
/// a run that ended before any scenario ran (a bad path, a folder that went away), runs the
/// whole suite again. Files are polled, as `run --watch` polls them (Watch.swift).
enum TestWatch {
  /// What the watch knows of one scenario.
  struct Known {
    var status: String
    var reads: [String]
  }

  /// Never returns: Ctrl-C ends the watch. With `machineReport`, the run writes a JSON, TAP or
  /// JUnit report to standard output, and the watch's own lines go to standard error.
  static func loop(paths: [String], arguments: [String], machineReport: Bool = false) -> Never {
    let colour = machineReport ? Colour.forStandardError : Colour.forStandardOutput
    let say = machineReport ? Console.writeError : Console.writeOutput
    var known: [String: Known] = [:]
    var only: [String] = []
    var reason: String?
    while true {
      let configuration = try? Test.configuration(for: paths)
      let roots = paths.isEmpty ? configuration.map { [$0.folder] } ?? ["."] : paths
      let selection = scenarioSelection(configuration)
      var before = snapshot(watchedFiles(known, roots: roots, configuration: configuration))
      var scenariosBefore = Set(scenarios(below: roots, selection: selection))
      if let reason {
        if colour.enabled { say("\u{1B}[H\u{1B}[2J") }
        say(colour.dim("[watch] \(reason)") + "\n")
      }
      let status: Int32
      let outcome: WatchReport
      if let special = roots.first(where: { FileSystem.kind(of: $0) == .other }) {
        // A FIFO would make the run wait for a writer; a device or a socket is no scenario.
        Console.writeError(
          "lifescript test --watch: \(special) is \(describeSpecial(special)), not a scenario file or folder; waiting for it to change\n"
        )
        (status, outcome) = (2, WatchReport())
      } else {
        (status, outcome) = runOnce(arguments: arguments, only: only)
      }
      if only.isEmpty {
        known = [:]
      } else {
        for path in only where outcome.statuses[path] == nil { known[path] = nil }
      }
      for (path, status) in outcome.statuses {
        known[path] = Known(status: status, reads: outcome.reads[path] ?? [])
      }
      // What the run read that was not watched before is compared from now on.
      let watched = watchedFiles(known, roots: roots, configuration: configuration)
      for path in watched where before[path] == nil { before[path] = Watch.signature(of: path) }
      scenariosBefore.formUnion(known.keys)
      let ran = only.isEmpty ? nil : outcome.statuses.count
      say(
        colour.dim(
          "[watch] \(summary(known, ran: ran, status: status)); watching \(roots.joined(separator: ", "))\(watched.isEmpty ? "" : " (\(plural(watched.count, "file")))") (Ctrl-C stops)"
        ) + "\n")

      // Wait for a change that concerns some scenario.
      while true {
        let change = waitForChange(
          watched, from: before, scenarios: scenariosBefore, roots: roots, selection: selection)
        let changed = change.files
        let configurationChanged = configuration.map { changed.contains($0.file) } ?? false
        if configurationChanged || change.rootsChanged || outcome.statuses.isEmpty {
          only = []
        } else {
          let concerned = known.filter { path, scenario in
            changed.contains(path) || scenario.reads.contains(where: changed.contains)
          }.keys
          only = (Set(concerned).union(change.added))
            .filter { FileSystem.kind(of: $0) != .missing }.sorted()
          for path in change.removed { known[path] = nil }
          for path in changed where FileSystem.kind(of: path) == .missing && known[path] != nil {
            known[path] = nil
          }
          if only.isEmpty {
            // Only deletions, or a file no scenario reads any more.
            let names = describe(changed + change.removed)
            say(
              colour.dim(
                "[watch] \(names) changed; no scenario to run again; \(summary(known, ran: 0, status: 0))"
              ) + "\n")
            before = snapshot(watched)
            scenariosBefore = Set(scenarios(below: roots, selection: selection))
            continue
          }
        }
        let names = describe(changed + change.added)
        reason =
          only.isEmpty
          ? "\(names) changed; running the suite again"
          : "\(names) changed; running \(plural(only.count, "scenario")) again"
        break
      }
    }
  }

  /// What a path that is neither a file nor a folder is.
  private static func describeSpecial(_ path: String) -> String {
    var status = stat()
    guard stat(path, &status) == 0 else { return "gone" }
    switch status.st_mode & S_IFMT {
    case S_IFIFO: return "a FIFO (named pipe)"
    case S_IFSOCK: return "a socket"
    case S_IFCHR, S_IFBLK: return "a device"
    default: return "a special file"
    }
  }

  /// "a.lua", "a.lua and 2 more".
  private static func describe(_ files: [String]) -> String {
    var seen = Set<String>()
    let unique = files.filter { seen.insert($0).inserted }
    guard let first = unique.first else { return "a file" }
    return unique.count == 1 ? first : "\(first) and \(unique.count - 1) more"
  }

  /// "the suite: 9 passed, 1 failed, 1 error (2 ran again)".
  private static func summary(_ known: [String: Known], ran: Int?, status: Int32) -> String {
    guard !known.isEmpty else {
      return status == 0 ? "no scenarios ran" : "the suite did not run (exit status \(status))"
    }
    var counts: [String: Int] = [:]
    for scenario in known.values { counts[scenario.status, default: 0] += 1 }
    var parts = ["\(counts["passed"] ?? 0) passed", "\(counts["failed"] ?? 0) failed"]
    if let errors = counts["error"] { parts.append(plural(errors, "error")) }
    if let skipped = counts["skipped"] { parts.append("\(skipped) skipped") }
    let again = ran.map { $0 > 0 ? " (\($0) ran again)" : "" } ?? ""
    return "the suite: " + parts.joined(separator: ", ") + again
  }

  /// The scenarios, what they read and lifescript.lua (the paths themselves are watched for
  /// what they are, `kinds`: a folder's time changes with every file saved in it).
  private static func watchedFiles(
    _ known: [String: Known], roots: [String], configuration: SuiteConfiguration?
  ) -> [String] {
    var seen = Set<String>()
    let files =
      (configuration.map { [$0.file] } ?? []) + known.keys.sorted()
      + known.keys.sorted().flatMap { known[$0]!.reads }
    return files.filter { seen.insert($0).inserted }
  }

  /// What each path is: a folder, a file, something else or nothing.
  private static func kinds(_ roots: [String]) -> [FileSystem.Kind] {
    roots.map { FileSystem.kind(of: $0) }
  }

  private static func scenarioSelection(_ configuration: SuiteConfiguration?)
    -> ScenarioSelection
  {
    var selection = ScenarioSelection()
    if let configuration {
      selection.base = LuaFileScope.realPath(configuration.folder)
      if !configuration.scenarios.isEmpty { selection.patterns = configuration.scenarios }
      selection.exclude = configuration.exclude
    }
    return selection
  }

  /// The scenario files below the paths now; none where a path is missing or unreadable.
  private static func scenarios(below roots: [String], selection: ScenarioSelection) -> [String] {
    roots.flatMap { root in (try? SuitePlan.discover([root], selection: selection)) ?? [] }
  }

  private struct Change {
    var files: [String]
    var added: [String]
    var removed: [String]
    /// A path appeared, went away or became something else.
    var rootsChanged: Bool
  }

  /// Waits until a watched file changes or a scenario file appears or goes below the paths,
  /// and then stays the same for a moment (an editor's save is often several writes).
  private static func waitForChange(
    _ paths: [String], from before: [String: Watch.Signature], scenarios: Set<String>,
    roots: [String], selection: ScenarioSelection
  ) -> Change {
    func look() -> ([String: Watch.Signature], Set<String>, [FileSystem.Kind]) {
      (snapshot(paths), Set(Self.scenarios(below: roots, selection: selection)), kinds(roots))
    }
    let kindsBefore = kinds(roots)
    while true {
      usleep(Watch.pollInterval)
      var (now, found, kindsNow) = look()
      guard
        now != before || !found.subtracting(scenarios).isEmpty
          || !scenarios.subtracting(found).filter({ before[$0] == nil }).isEmpty
          || kindsNow != kindsBefore
      else { continue }
      while true {
        usleep(Watch.pollInterval)
        let later = look()
        if later.0 == now && later.1 == found && later.2 == kindsNow { break }
        (now, found, kindsNow) = later
      }
      let files = paths.filter { now[$0] != before[$0] }
      let added = found.subtracting(scenarios).sorted()
      let removed = scenarios.subtracting(found).filter { before[$0] == nil }.sorted()
      let rootsChanged = kindsNow != kindsBefore
      if !files.isEmpty || !added.isEmpty || !removed.isEmpty || rootsChanged {
        let changedRoots = zip(roots, zip(kindsBefore, kindsNow)).filter { $1.0 != $1.1 }.map(\.0)
        return Change(
          files: changedRoots + files, added: added, removed: removed, rootsChanged: rootsChanged)
      }
    }
  }

  private static func snapshot(_ paths: [String]) -> [String: Watch.Signature] {
    Dictionary(paths.map { ($0, Watch.signature(of: $0)) }, uniquingKeysWith: { first, _ in first })
  }

  /// Runs `lifescript test` once in a child, on the terminal; its exit status (or 128 + signal)
  /// and what it reported.
  private static func runOnce(arguments: [String], only: [String]) -> (Int32, WatchReport) {
    var template = Array("/tmp/lifescript-watch-XXXXXX".utf8CString)
    let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    guard descriptor >= 0 else {
      Console.writeError(
        "lifescript test --watch: cannot create a temporary file: \(String(cString: strerror(errno)))\n"
      )
      return (2, WatchReport())
    }
    close(descriptor)
    let reportFile = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    defer { unlink(reportFile) }
    let executable = WorkerProcess.executablePath
    // Right after `test`, so that a `--` among the user's arguments cannot make them paths;
    // `--only=PATH` keeps a path that starts with `-` a value.
    var arguments = arguments
    let at = (arguments.firstIndex(of: "test") ?? -1) + 1
    arguments.insert(
      contentsOf: ["--watch-report=\(reportFile)"] + only.map { "--only=\($0)" }, at: at)
    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    defer { for argument in argv { free(argument) } }
    var pid = pid_t()
    let spawned = posix_spawn(&pid, executable, nil, nil, argv, environ)
    guard spawned == 0 else {
      Console.writeError(
        "lifescript: cannot run \(executable): \(String(cString: strerror(spawned)))\n")
      return (2, WatchReport())
    }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    let code = status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
    return (code, WatchReport(file: reportFile))
  }
}

/// What the runs of `lifescript test --watch` report to it: a file of records, each a list of
/// NUL-terminated fields ended by an empty one (paths hold no NUL): `reads`, a scenario and the
/// files it read, appended by a worker after each scenario; `status`, a scenario and how it
/// ended, appended by `lifescript test` at the end. Each record is one `write` to a file opened
/// for appending, so the records of workers running at once do not mix.
struct WatchReport {
  var statuses: [String: String] = [:]
  var reads: [String: [String]] = [:]

  init() {}

  init(file: String) {
    var bytes: [UInt8] = []
    let descriptor = open(file, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return }
    var reader = LineReader(descriptor: descriptor)
    while let line = reader.next() { bytes += Array(line.utf8) + [0x0A] }
    close(descriptor)
    if !bytes.isEmpty { bytes.removeLast() }
    let text = String(decoding: bytes, as: UTF8.self)
    var fields: [String] = []
    for field in text.split(separator: "\0", omittingEmptySubsequences: false) {
      guard field.isEmpty else {
        fields.append(String(field))
        continue
      }
      if fields.count >= 2 {
        switch fields[0] {
        case "reads": reads[fields[1], default: []] += fields.dropFirst(2)
        case "status":
          // With --repeat, or a file's named tests, the worst run counts.
          let order = ["passed", "known_issue", "skipped", "failed", "error"]
          let previous = statuses[fields[1]].flatMap(order.firstIndex(of:)) ?? -1
          if let index = order.firstIndex(of: fields.count > 2 ? fields[2] : ""),
            index > previous
          {
            statuses[fields[1]] = fields[2]
          }
        default: break
        }
      }
      fields = []
    }
  }

  // MARK: Writing (in the runs the watch starts)

  nonisolated(unsafe) private static var readOrder: [String] = []
  nonisolated(unsafe) private static var readPaths = Set<String>()

  /// In a worker: remembers the files the next scenario reads.
  static func startRecordingReads() {
    readOrder = []
    readPaths = []
    LuaFileReads.observer = { path in
      if readPaths.insert(path).inserted { readOrder.append(path) }
    }
  }

  static func appendReads(of scenario: String, to file: String) {
    append(["reads", scenario] + readOrder, to: file)
  }

  static func appendStatuses(_ statuses: [(String, String)], to file: String) {
    for (scenario, status) in statuses { append(["status", scenario, status], to: file) }
  }

  private static func append(_ fields: [String], to file: String) {
    let descriptor = open(file, O_WRONLY | O_APPEND | O_CLOEXEC)
    guard descriptor >= 0 else { return }
    defer { close(descriptor) }
    let bytes = Array((fields.filter { !$0.isEmpty }.map { $0 + "\0" }.joined() + "\0").utf8)
    _ = bytes.withUnsafeBytes { Console.write($0, to: descriptor) }
  }
}
