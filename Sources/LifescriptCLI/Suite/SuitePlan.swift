import AppLifecycle
import LuaBridge
import Scenarios

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A bad path or option of `lifescript test`: exit status 2 with this message.
struct SuiteUsageError: Error, Equatable {
  var message: String
  init(_ message: String) { self.message = message }
}

/// One run of one scenario in a suite.
struct SuiteJob: Equatable {
  /// Position in the suite's order (0-based); results are reported against it.
  var index: Int
  /// The scenario file, as found below the paths the user gave.
  var path: String
  /// Which of `--repeat N` runs this is, from 1.
  var round: Int = 1
  /// Whether the whole file runs (no `--filter`, or its path matched one), or only its tests
  /// whose names match.
  var wholeFile = true

  /// The file name without `.lua`: `open-url-legacy`.
  var name: String { SuitePlan.name(of: path) }
  /// The folder the scenario is in, as found: `Scripts/regression`.
  var folder: String { FileSystem.folder(of: path) }
}

/// The runs of a suite: each of `selected` once per round, in order, each made when asked for.
struct SuiteJobs: RandomAccessCollection {
  let selected: [String]
  /// The files that run whole (see SuiteJob.wholeFile).
  let whole: Set<String>
  let rounds: Int

  var startIndex: Int { 0 }
  /// SuitePlan checked that the product fits.
  var endIndex: Int { selected.count * rounds }

  subscript(index: Int) -> SuiteJob {
    let path = selected[index % selected.count]
    return SuiteJob(
      index: index, path: path, round: index / selected.count + 1,
      wholeFile: whole.contains(path))
  }
}

/// Which scenarios a suite runs, and in which order: every `*.lua` below the paths, filtered,
/// then split into shards, shuffled and repeated as asked.
struct SuitePlan {
  /// Every scenario found, sorted by path, before filtering.
  var found: [String]
  /// The scenarios this run takes, in order, before `--repeat`.
  var selected: [String]
  /// How many `--filter`/`--skip` left out of `found`.
  var filteredOut: Int
  /// Every run, in order: `selected` once per round. Made as each is asked for, so `--repeat`
  /// costs no memory.
  var jobs: SuiteJobs

  struct Options {
    var filters: [String] = []
    var skips: [String] = []
    var shard: Shard?
    /// Shuffles with this seed when set.
    var shuffleSeed: UInt64?
    var repeats = 1
    /// Which files found below a folder are scenarios.
    var selection = ScenarioSelection()
  }

  init(paths: [String], options: Options) throws(SuiteUsageError) {
    found = try Self.discover(paths, selection: options.selection)
    // Filters first, then the shard: the shards of a matrix split what the filters leave, so
    // they stay balanced and each job's slice is the same whatever the others filter.
    // A file whose path no filter matches stays when it may define tests, whose names the
    // worker matches (Documentation/Reference/commands.md#filters-and-named-tests).
    var whole = Set<String>()
    let kept = found.filter { path in
      guard !options.skips.contains(where: { Self.matches($0, path) }) else { return false }
      if options.filters.isEmpty || options.filters.contains(where: { Self.matches($0, path) }) {
        whole.insert(path)
        return true
      }
      return Self.mayDefineTests(path)
    }
    filteredOut = found.count - kept.count
    selected = options.shard.map { $0.share(of: kept) } ?? kept
    if let seed = options.shuffleSeed {
      var generator = SplitMix64(seed: seed)
      // Fisher–Yates written out: the standard library's shuffle may change between releases.
      for index in selected.indices.dropFirst().reversed() {
        let other = Int(generator.next() % UInt64(index + 1))
        selected.swapAt(index, other)
      }
    }
    // A run's index is where its results go: the runs must be countable.
    let rounds = max(options.repeats, 1)
    guard !selected.count.multipliedReportingOverflow(by: rounds).overflow else {
      throw SuiteUsageError(
        "lifescript test: --repeat \(options.repeats) of \(plural(selected.count, "scenario")) is more than \(Int.max) runs"
      )
    }
    jobs = SuiteJobs(selected: selected, whole: whole, rounds: rounds)
  }

  /// Keeps only the scenarios among `paths` (`lifescript test --watch` running again what a
  /// change concerns), in the plan's order.
  mutating func keep(_ paths: [String]) {
    let wanted = Set(paths.map { LuaFileScope.realPath($0) ?? Self.normalized($0) })
    let kept = { (path: String) in
      wanted.contains(LuaFileScope.realPath(path) ?? Self.normalized(path))
    }
    selected = selected.filter(kept)
    jobs = SuiteJobs(selected: selected, whole: jobs.whole, rounds: jobs.rounds)
  }

  /// A pattern with `*`, `?` or `[` is a shell glob that must match the whole path or the
  /// scenario's name; any other text matches when the path contains it.
  static func matches(_ pattern: String, _ path: String) -> Bool {
    if pattern.contains(where: { "*?[".contains($0) }) {
      return fnmatch(pattern, path, 0) == 0 || fnmatch(pattern, name(of: path), 0) == 0
    }
    return path.contains(pattern)
  }

  /// Whether the file at `path` may call `test`: its text has the word `test` followed by a
  /// call's `(`, `"`, `'` or `[`. A file that cannot be read is kept, for its run to say why.
  static func mayDefineTests(_ path: String) -> Bool {
    guard
      let bytes = try? LuaInputFile.read(
        path, file: path, expected: "a Lua file", limit: LuaInputFile.sizeLimit)
    else { return true }
    let word = Array("test".utf8)
    var index = bytes.startIndex
    while index + word.count <= bytes.endIndex {
      defer { index += 1 }
      guard bytes[index] == word[0], bytes[index...].starts(with: word),
        index == bytes.startIndex || !isNameByte(bytes[index - 1])
      else { continue }
      var cursor = index + word.count
      while cursor < bytes.endIndex, bytes[cursor] == 0x20 || bytes[cursor] == 0x09 {
        cursor += 1
      }
      if cursor < bytes.endIndex, [0x28, 0x22, 0x27, 0x5B].contains(bytes[cursor]) {
        return true
      }
    }
    return false
  }

  private static func isNameByte(_ byte: UInt8) -> Bool {
    byte == 0x5F || (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte)
      || (0x61...0x7A).contains(byte)
  }

  /// Whether `pattern` matches the name of a test (`group / name`): as a glob (`*`, `?`, `[`)
  /// the whole name, else when the name contains it.
  static func matches(_ pattern: String, test name: String) -> Bool {
    if pattern.contains(where: { "*?[".contains($0) }) { return fnmatch(pattern, name, 0) == 0 }
    return name.contains(pattern)
  }

  /// The file name without `.lua`.
  static func name(of path: String) -> String {
    let file = FileSystem.name(of: path)
    return file.hasSuffix(".lua") ? String(file.dropLast(4)) : file
  }

  // MARK: Finding scenarios

  /// Every scenario below each path (`*.lua` files as `selection` takes them; a file named
  /// directly is taken whatever its name), sorted, each once. Hidden files and folders
  /// (`.build`, `.git`) are not searched.
  static func discover(_ paths: [String], selection: ScenarioSelection = ScenarioSelection())
    throws(SuiteUsageError) -> [String]
  {
    var found: [String] = []
    for path in paths {
      var status = stat()
      guard stat(path, &status) == 0 else {
        throw SuiteUsageError("lifescript test: \(path): no such file or folder")
      }
      if (status.st_mode & S_IFMT) == S_IFDIR {
        var files: [String] = []
        let root = path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
        try walk(root, into: &files, depth: 0)
        if files.isEmpty {
          throw SuiteUsageError(
            "lifescript test: no scenarios in \(path): it has no *.lua files")
        }
        let scenarios = selection.scenarios(among: files)
        if scenarios.isEmpty {
          throw SuiteUsageError(
            "lifescript test: no scenarios in \(path): its \(plural(files.count, "*.lua file")) are helper modules, editor definitions, lifescript.lua or left out by its patterns"
          )
        }
        found += scenarios
      } else {
        found.append(path)
      }
    }
    var seen = Set<String>()
    return found.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }.filter {
      seen.insert(normalized($0)).inserted
    }
  }

  private static func walk(_ folder: String, into found: inout [String], depth: Int)
    throws(SuiteUsageError)
  {
    // Symbolic links to folders are not followed, so a link loop cannot hang the search; the
    // depth bound is for the pathological rest.
    guard depth < 64, let directory = opendir(folder) else {
      throw SuiteUsageError(
        "lifescript test: cannot read the folder \(folder): \(String(cString: strerror(errno)))")
    }
    defer { closedir(directory) }
    var entries: [String] = []
    while let entry = readdir(directory) {
      let bytes = FileSystem.name(of: entry)
      guard bytes.first != UInt8(ascii: ".") else { continue }
      guard let name = String(validating: bytes, as: UTF8.self) else {
        // A path is a Swift string: this one cannot be named to a worker, or opened again. It
        // fails the suite by name rather than vanish from it.
        let isFolder = entry.pointee.d_type == DT_DIR
        guard isFolder || bytes.reversed().starts(with: Array("aul.".utf8)) else { continue }
        let shown = bytes.map { $0 < 0x80 ? String(UnicodeScalar($0)) : "\\x\(hex($0))" }.joined()
        let path = folder == "." ? shown : folder == "/" ? "/" + shown : folder + "/" + shown
        throw SuiteUsageError(
          "lifescript test: \(path): the \(isFolder ? "folder's" : "scenario's") name is not valid UTF-8, so \(isFolder ? "its scenarios" : "it") cannot be run; rename it"
        )
      }
      entries.append(name)
    }
    for name in entries {
      let path = folder == "." ? name : folder == "/" ? "/" + name : folder + "/" + name
      var status = stat()
      guard lstat(path, &status) == 0 else { continue }
      switch status.st_mode & S_IFMT {
      case S_IFDIR: try walk(path, into: &found, depth: depth + 1)
      case S_IFREG, S_IFLNK: if name.hasSuffix(".lua") { found.append(path) }
      default: break
      }
    }
  }

  private static func hex(_ byte: UInt8) -> String {
    let digits = Array("0123456789ABCDEF")
    return String([digits[Int(byte >> 4)], digits[Int(byte & 0xF)]])
  }

  /// `./a//b.lua` and `a/b.lua` are the same scenario.
  static func normalized(_ path: String) -> String {
    path.split(separator: "/").filter { $0 != "." }.joined(separator: "/")
  }
}

/// `--shard i/n`: the i-th of n contiguous, balanced parts of the sorted suite, so the shards
/// of one suite are disjoint and together are the suite, on every machine.
struct Shard: Equatable {
  var index: Int
  var count: Int

  init?(_ text: String) {
    let parts = text.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), count >= 1,
      (1...count).contains(index)
    else { return nil }
    self.index = index
    self.count = count
  }

  func share<T>(of items: [T]) -> [T] {
    Array(items[boundary(items.count, index - 1)..<boundary(items.count, index)])
  }

  /// `total * part / count`, computed at double width: `--shard N/N` with N near `Int.max`
  /// would overflow the product.
  private func boundary(_ total: Int, _ part: Int) -> Int {
    let product = total.multipliedFullWidth(by: part)
    return count.dividingFullWidth(product).quotient
  }
}
