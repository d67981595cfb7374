/// Paths as text, taken apart and joined without touching the file system: the project model
/// names files by the paths the project gives, and the embedding layer reads them.
enum PathText {
  /// `a/b/c.txt` is in `a/b`; `c.txt` in `.`; `/c` in `/`.
  static func folder(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }

  /// `a/b/c.txt` is `c.txt`.
  static func name(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return path }
    return String(path[path.index(after: slash)...])
  }

  /// `a/b/c.txt` is `c`.
  static func base(of path: String) -> String {
    let name = name(of: path)
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
    return String(name[..<dot])
  }

  /// `a/b/c.txt` is `.txt`; a name without a dot has none.
  static func suffix(of path: String) -> String {
    let name = name(of: path)
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
    return String(name[dot...])
  }

  /// `folder/name`; an absolute `name` stands alone, `.` and an empty folder add nothing.
  static func join(_ folder: String, _ name: String) -> String {
    if name.hasPrefix("/") || folder.isEmpty || folder == "." {
      return name.isEmpty ? folder : name
    }
    if name.isEmpty { return folder }
    return folder.hasSuffix("/") ? folder + name : folder + "/" + name
  }

  /// `a/./b/../c` as `a/c`; a leading `..` stays (`../a/../b` is `../b`).
  static func normalized(_ path: String) -> String {
    let absolute = path.hasPrefix("/")
    var parts: [Substring] = []
    for part in path.split(separator: "/") {
      if part == "." { continue }
      if part == "..", let last = parts.last, last != ".." {
        parts.removeLast()
        continue
      }
      if part == "..", absolute { continue }
      parts.append(part)
    }
    let body = parts.joined(separator: "/")
    return absolute ? "/" + body : (body.isEmpty ? "." : body)
  }
}
