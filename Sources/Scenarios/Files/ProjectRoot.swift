import LuaBridge

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The folder a scenario may read files under
/// (Documentation/Reference/sandbox.md#the-project-root): the nearest folder at or above the
/// scenario's that holds `.git` (a folder, or the file a submodule or worktree has), an
/// `*.xcodeproj` folder, `Package.swift` or `lifescript.lua`; without one, the scenario's
/// folder. `--root` names it instead.
///
/// Finding it costs a few `stat` calls and one directory listing per folder climbed, and
/// happens only when a scenario reads a file outside its own folder (`LuaFileScope`).
public enum ProjectRoot {
  /// What marks a root, as messages list it.
  public static let markers = ".git, an .xcodeproj, Package.swift or lifescript.lua"

  /// `--root`'s folder is not a folder.
  public struct Problem: Error, Equatable, CustomStringConvertible {
    public var message: String
    public var description: String { message }
  }

  /// Where a scenario in `folder` reads files: under `root` when it is given (`--root`, or
  /// `root` in lifescript.lua: `note` says which, as messages about files outside it do),
  /// otherwise under the root found above `folder` when first needed.
  /// `setting` is how its problems name it (default `--root PATH`).
  public static func scope(
    folder: String, root: String?, note: String? = nil, setting: String? = nil
  ) throws(Problem) -> LuaFileScope {
    guard let root else { return LuaFileScope(folder: folder) { find(above: folder) } }
    let given = try self.given(root, note: note ?? givenNote, setting: setting)
    guard contains(given, folder: folder) else {
      throw Problem(
        message: "\(setting ?? "--root \(root)") does not contain the scenario's folder \(folder)")
    }
    return LuaFileScope(folder: folder) { given }
  }

  /// How a root given with `--root` is described where a file outside it is refused.
  public static let givenNote = "(given with --root); use --root to widen it"

  /// The root `--root PATH` names: an existing folder; `note` says how it was chosen.
  public static func given(_ path: String, note: String = givenNote, setting: String? = nil)
    throws(Problem) -> LuaFileScope.Root
  {
    let named = setting ?? "--root \(path)"
    var status = stat()
    guard stat(path, &status) == 0, let real = LuaFileScope.realPath(path) else {
      throw Problem(message: "\(named): \(String(cString: strerror(errno)))")
    }
    guard (status.st_mode & S_IFMT) == S_IFDIR else {
      throw Problem(message: "\(named): not a folder")
    }
    return LuaFileScope.Root(
      path: real, display: LuaFileScope.tidy(path), note: note)
  }

  /// Whether `folder` is `root` or below it, once symbolic links are followed.
  public static func contains(_ root: LuaFileScope.Root, folder: String) -> Bool {
    guard let real = try? LuaFileScope.realPath(approximating: folder).path else { return false }
    return LuaFileScope.isInside(real, root.path)
  }

  /// The nearest folder at or above `folder` with a marker, else `folder` itself.
  public static func find(above folder: String) -> LuaFileScope.Root {
    let start = (try? LuaFileScope.realPath(approximating: folder).path) ?? folder
    var candidate = start
    var levels = 0
    while true {
      if hasMarker(candidate) {
        let shown = display(folder, up: levels, real: candidate)
        // A suite's configuration is where the root is set for good.
        let configured = FileSystem.kind(of: candidate + "/lifescript.lua") == .file
        let change =
          configured
          ? "set root in \(LuaFileScope.tidy(shown + "/lifescript.lua")), or use --root to widen it"
          : "use --root to widen it"
        return LuaFileScope.Root(
          path: candidate, display: shown,
          note: "(the nearest folder above the scenario with \(markers)); \(change)")
      }
      guard candidate != "/", let slash = candidate.lastIndex(of: "/") else { break }
      candidate = slash == candidate.startIndex ? "/" : String(candidate[..<slash])
      levels += 1
    }
    return LuaFileScope.Root(
      path: start, display: folder,
      note: "(the scenario's folder: no folder above it has \(markers)); use --root to widen it")
  }

  /// `folder/../..` tidied (`..` for the current directory's parent) when that is `real`; else
  /// `real` (a folder reached through a symbolic link has another parent).
  public static func display(_ folder: String, up levels: Int, real: String) -> String {
    guard levels > 0 else { return folder }
    let path = LuaFileScope.tidy(
      folder + String(repeating: "/..", count: levels))
    return LuaFileScope.realPath(path) == real ? path : real
  }

  /// Whether `folder` holds `.git` (a folder or a file), `Package.swift`, `lifescript.lua` or
  /// a folder named `*.xcodeproj`.
  public static func hasMarker(_ folder: String) -> Bool {
    let prefix = folder == "/" ? "/" : folder + "/"
    for name in [".git", "Package.swift", "lifescript.lua"] {
      var status = stat()
      guard stat(prefix + name, &status) == 0 else { continue }
      let type = status.st_mode & S_IFMT
      if type == S_IFREG || (type == S_IFDIR && name == ".git") { return true }
    }
    guard let directory = opendir(folder) else { return false }
    defer { closedir(directory) }
    let suffix = Array(".xcodeproj".utf8)
    while let entry = readdir(directory) {
      let name = FileSystem.name(of: entry)
      let bytes = Array(name.utf8)
      guard bytes.count > suffix.count, bytes.suffix(suffix.count).elementsEqual(suffix) else {
        continue
      }
      let type = entry.pointee.d_type
      if type == DT_DIR { return true }
      if type == DT_LNK || type == DT_UNKNOWN {
        if FileSystem.kind(of: prefix + name) == .directory { return true }
      }
    }
    return false
  }
}
