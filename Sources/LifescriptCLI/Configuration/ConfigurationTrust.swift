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

/// Whether a lifescript.lua may configure the suite, decided as git decides whether to trust a
/// repository (Documentation/Reference/lifescript-lua.md#which-files-are-trusted): a
/// configuration can lift every limit, widen the project root to the whole machine and name
/// the file a report replaces, so one that another user could have written or replaced is
/// passed over with a warning, never obeyed in silence.
///
/// A file is trusted when it and its folder belong to the user running lifescript (the folder
/// may also be root's), its folder is not one anyone may write to (`/tmp`), and that folder is
/// not above the user's home folder. `LIFESCRIPT_TRUST` lists more, separated by `:`: files or
/// the folders that hold them, or `*` for every file.
enum ConfigurationTrust {
  /// Why the file at `file` (a real path, in the real folder `folder`) is not trusted; nil
  /// when it is.
  static func distrust(file: String, in folder: String) -> String? {
    if isListed(file: file, folder: folder) { return nil }
    let user = geteuid()
    var link = stat()
    var target = stat()
    guard lstat(file, &link) == 0 else { return nil }
    // A file that cannot be read is an error of its own when it is loaded.
    let owner = stat(file, &target) == 0 ? target.st_uid : link.st_uid
    if link.st_uid != user || owner != user {
      let other = link.st_uid != user ? link.st_uid : owner
      return "it belongs to \(name(of: other)), not to you (\(name(of: user)))"
    }
    var holder = stat()
    guard stat(folder, &holder) == 0 else { return nil }
    if holder.st_uid != user, holder.st_uid != 0 {
      return "its folder \(folder) belongs to \(name(of: holder.st_uid)), who could replace it"
    }
    if holder.st_mode & S_IWOTH != 0 {
      return "its folder \(folder) is one anyone may write to"
    }
    if let home = home(), folder != home, (home + "/").hasPrefix(folder == "/" ? "/" : folder + "/")
    {
      return "it is above your home folder (\(home))"
    }
    return nil
  }

  /// Says once per file why it is passed over (`path` as messages name it, `real` its real
  /// path), and how to trust it.
  static func warn(_ path: String, real: String, _ reason: String) {
    guard warned.insert(real).inserted else { return }
    let message =
      "\(shown(path)) is not read: \(reason); lifescript trusts a configuration only as git trusts a repository. If it is yours to use, set LIFESCRIPT_TRUST=\(shown(real)) (Documentation/Reference/lifescript-lua.md#which-files-are-trusted)"
    Console.writeError(Warning(.untrustedConfiguration, message).description + "\n")
  }

  /// A path as one line shows it: with a control character in it, quoted and escaped.
  private static func shown(_ path: String) -> String {
    path.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }
      ? String(reflecting: path) : path
  }

  nonisolated(unsafe) private static var warned: Set<String> = []

  private static func isListed(file: String, folder: String) -> Bool {
    guard let list = getenv("LIFESCRIPT_TRUST").map({ String(cString: $0) }) else { return false }
    for entry in list.split(separator: ":") where !entry.isEmpty {
      if entry == "*" { return true }
      guard let real = LuaFileScope.realPath(String(entry)) else { continue }
      if real == file || real == folder { return true }
    }
    return false
  }

  /// The user's name and number: `alice (uid 1001)`.
  private static func name(of user: uid_t) -> String {
    guard let entry = getpwuid(user), let name = entry.pointee.pw_name else {
      return "uid \(user)"
    }
    return "\(String(cString: name)) (uid \(user))"
  }

  /// `$HOME`, as a real path.
  private static func home() -> String? {
    guard let value = getenv("HOME") else { return nil }
    let home = String(cString: value)
    return home.isEmpty ? nil : LuaFileScope.realPath(home)
  }
}
