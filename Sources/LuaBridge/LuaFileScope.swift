#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where a sandboxed script reads files: names resolve from `folder`, and every file must lie
/// under the root once symbolic links are followed.
///
/// The root is found only when a file is not below `folder` (or `require` looks beyond it), so
/// a scenario that reads nothing outside its folder pays nothing for it. Paths are shown from
/// the current directory as the script would write them (`LifecycleTests/../MyApp/Info.plist`
/// is shown `MyApp/Info.plist`), so a message or `--watch` can name and find them.
public final class LuaFileScope {
  /// The folder files may be read under.
  public struct Root: Sendable {
    /// Its real path: absolute, symbolic links resolved.
    public var path: String
    /// How paths below it are shown: from the current directory when it can be (`..`),
    /// else `path`.
    public var display: String
    /// How the root was chosen and how to change it, after the root in messages:
    /// `(given with --root); use --root to widen it`.
    public var note: String

    public init(path: String, display: String, note: String) {
      self.path = path
      self.display = display
      self.note = note
    }
  }

  /// A file a script named.
  public struct Location: Equatable, Sendable {
    /// The path as messages show it, from the current directory (or absolute).
    public var display: String
    /// Its real path; for a file that does not exist, where it would be.
    public var real: String
    public var exists: Bool
  }

  /// The longest name a script may give: `PATH_MAX` on Linux.
  public static let longestName = 4096

  /// Where relative names resolve from, as the user named it (`.` for the current directory).
  public let folder: String
  private let findRoot: () -> Root
  private var foundRoot: Root?
  private var realFolder: String??

  /// A scope whose root is found, when first needed, by `root`; the root must hold `folder`
  /// (files below `folder` are read without asking for it).
  public init(folder: String, root: @escaping () -> Root) {
    self.folder = folder
    self.findRoot = root
  }

  /// A scope whose root is `folder` itself.
  public convenience init(folder: String) {
    self.init(folder: folder) {
      Root(
        path: (try? Self.realPath(approximating: folder).path) ?? folder, display: folder,
        note: "(the scenario's folder)")
    }
  }

  /// The root, found now if it was not yet.
  public var root: Root {
    if let foundRoot { return foundRoot }
    let root = findRoot()
    foundRoot = root
    return root
  }

  /// Where `name` is, from `folder`, if it may be read: refuses bad names and files outside the
  /// root, and says whether the file exists (it is not opened).
  public func locate(_ name: String, expected: String = "a file") throws(LuaFileError)
    -> Location
  {
    try locate(name, from: folder, expected: expected)
  }

  /// Where `require` looks after `folder`: the root, as it is shown, when it is another folder.
  public var rootFolder: String? {
    realFolderPath == root.path ? nil : root.display
  }

  /// `locate`, from `base` (`folder` or the root's `display`).
  public func locate(_ name: String, from base: String, expected: String = "a file")
    throws(LuaFileError) -> Location
  {
    func failure(_ reason: LuaFileError.Reason) -> LuaFileError {
      LuaFileError(file: name, reason: reason, expected: expected)
    }
    if name.isEmpty { throw failure(.badName("the name is empty")) }
    if name.utf8.count > Self.longestName {
      throw failure(.badName("the name is longer than \(Self.longestName) bytes"))
    }
    if name.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F }) {
      throw failure(.badName("the name has a control character"))
    }
    let display = Self.tidy(name.hasPrefix("/") ? name : Self.join(base, name))
    let real: (path: String, exists: Bool)
    do {
      real = try Self.realPath(approximating: display)
    } catch {
      throw LuaFileError(file: display, reason: .cannotOpen(error.code), expected: expected)
    }
    let location = Location(display: display, real: real.path, exists: real.exists)
    // Below the scenario's folder is below the root: no need to find it.
    if let realFolderPath, Self.isInside(real.path, realFolderPath) { return location }
    let root = self.root
    guard Self.isInside(real.path, root.path) else {
      // Named inside (from the folder's real path) but outside once links are followed.
      let named = name.hasPrefix("/") ? name : Self.join(realBase(base), name)
      throw LuaFileError(
        file: display,
        reason: .outsideRoot(
          root: root.path, note: root.note,
          throughLink: Self.isInside(Self.lexicallyNormalized(named), root.path)),
        expected: expected)
    }
    return location
  }

  /// The bytes of the file `name` (see `locate`) from `base` (default: `folder`), reported to
  /// `LuaFileReads.observer` first.
  public func read(_ name: String, from base: String? = nil, expected: String = "a file")
    throws(LuaFileError) -> (location: Location, bytes: [UInt8])
  {
    let location = try locate(name, from: base ?? folder, expected: expected)
    LuaFileReads.observer?(location.display)
    let bytes = try LuaInputFile.read(
      location.exists ? location.real : location.display, file: location.display,
      expected: expected)
    return (location, bytes)
  }

  private var realFolderPath: String? {
    if let realFolder { return realFolder }
    let path = Self.realPath(folder)
    realFolder = .some(path)
    return path
  }

  private func realBase(_ base: String) -> String {
    (base == folder ? realFolderPath : nil) ?? (base == root.display ? root.path : nil)
      ?? ((try? Self.realPath(approximating: base).path) ?? base)
  }

  // MARK: Paths

  /// `errno` of a path that could not be resolved.
  public struct ResolveError: Error {
    public var code: Int32
  }

  /// The real path of `path` (absolute, links resolved) and whether it exists. For a path that
  /// does not exist, the real path of its nearest existing ancestor with the rest of `path`
  /// after it; other failures (a loop of links, no permission) throw `errno`.
  public static func realPath(approximating path: String) throws(ResolveError) -> (
    path: String, exists: Bool
  ) {
    if let real = realPath(path) { return (real, true) }
    let code = errno
    guard code == ENOENT || code == ENOTDIR else { throw ResolveError(code: code) }
    let parent = PathParts.folder(of: path)
    let last = PathParts.name(of: path)
    // The current directory and / exist: the recursion ends at them at the latest.
    guard parent != path else { throw ResolveError(code: code) }
    if last.isEmpty { return try realPath(approximating: parent) }  // `a/`
    let base = try realPath(approximating: parent).path
    switch last {
    case ".": return (base, false)
    case "..": return (PathParts.folder(of: base), false)
    default: return (base == "/" ? "/" + last : base + "/" + last, false)
    }
  }

  /// `realpath(3)`, or nil.
  public static func realPath(_ path: String) -> String? {
    guard let resolved = realpath(path.isEmpty ? "." : path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  /// `path` without `.` components, doubled slashes, and `name/..` pairs whose `name` is a
  /// folder and not a symbolic link (where `..` would not lead back): the same file, named as
  /// a person would.
  public static func tidy(_ path: String) -> String {
    let absolute = path.hasPrefix("/")
    var parts: [Substring] = []
    for part in path.split(separator: "/") {
      if part == "." { continue }
      if part == ".." {
        if absolute && parts.isEmpty { continue }
        if let last = parts.last, last != "..",
          isPlainFolder((absolute ? "/" : "") + parts.joined(separator: "/"))
        {
          parts.removeLast()
          continue
        }
      }
      parts.append(part)
    }
    let body = parts.joined(separator: "/")
    return absolute ? "/" + body : (body.isEmpty ? "." : body)
  }

  /// `a/b/../c` as `a/c`, whatever `b` is: for paths already real up to their last parts.
  static func lexicallyNormalized(_ path: String) -> String {
    var parts: [Substring] = []
    for part in path.split(separator: "/") {
      switch part {
      case ".": continue
      case "..": if !parts.isEmpty { parts.removeLast() }
      default: parts.append(part)
      }
    }
    return "/" + parts.joined(separator: "/")
  }

  /// Whether the real path `path` is `folder` or below it.
  public static func isInside(_ path: String, _ folder: String) -> Bool {
    folder == "/" || path == folder || path.hasPrefix(folder + "/")
  }

  static func join(_ folder: String, _ name: String) -> String {
    folder.isEmpty || folder == "."
      ? name : (folder.hasSuffix("/") ? folder + name : folder + "/" + name)
  }

  private static func isPlainFolder(_ path: String) -> Bool {
    var status = stat()
    return lstat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR
  }
}

/// The folder and name parts of a path, as `dirname` and `basename` take them apart.
enum PathParts {
  static func folder(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }

  static func name(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return path }
    return String(path[path.index(after: slash)...])
  }
}
