import XcodeFiles

/// Files and folders in memory, for `ProjectFiles`: text by path, property lists by path,
/// folders listed from the paths.
struct MemoryFiles {
  var texts: [String: String] = [:]
  var propertyLists: [String: [String: PlistValue]] = [:]
  /// Paths whose reading fails, as one outside the project root does.
  var refused: Set<String> = []

  var files: ProjectFiles {
    ProjectFiles(
      read: { path in
        let path = Self.normalized(path)
        if refused.contains(path) { throw RefusedFile(path: path) }
        return texts[path].map { Array($0.utf8) }
      },
      readPropertyList: { path in
        let path = Self.normalized(path)
        if refused.contains(path) { throw RefusedFile(path: path) }
        return propertyLists[path]
      },
      list: { folder in
        let prefix = Self.normalized(folder) + "/"
        let paths = Array(texts.keys) + Array(propertyLists.keys)
        var names: Set<String> = []
        for path in paths where path.hasPrefix(prefix) {
          let rest = path.dropFirst(prefix.count)
          if let slash = rest.firstIndex(of: "/") {
            names.insert(String(rest[..<slash]) + "/")
          } else {
            names.insert(String(rest))
          }
        }
        return names.isEmpty ? nil : names.sorted()
      })
  }

  /// `a/./b/../c` as `a/c`, as the file system would find it.
  static func normalized(_ path: String) -> String {
    var parts: [Substring] = []
    for part in path.split(separator: "/") {
      if part == "." { continue }
      if part == "..", let last = parts.last, last != ".." {
        parts.removeLast()
        continue
      }
      parts.append(part)
    }
    return parts.joined(separator: "/")
  }

  struct RefusedFile: Error, CustomStringConvertible {
    var path: String
    var description: String { "cannot open \(path): it is outside the project root" }
  }
}
