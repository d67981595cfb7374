@testable import XcodeFiles

/// Files and folders in memory, for `ProjectFiles`: text by path, property lists by path,
/// folders listed from the paths.
struct MemoryFiles {
  var texts: [String: String] = [:]
  var propertyLists: [String: [String: PlistValue]] = [:]
  /// Paths whose reading fails, as one outside the project root does.
  var refused: Set<String> = []
  /// Symbolic links to folders: the link's path, and the folder it leads to.
  var links: [String: String] = [:]
  /// How many times a folder was listed.
  let listings = Counter()

  final class Counter: @unchecked Sendable {
    var count = 0
  }

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
        listings.count += 1
        let prefix = resolved(folder) + "/"
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
        for link in links.keys where PathText.folder(of: link) + "/" == prefix {
          names.insert(PathText.name(of: link) + "/")
        }
        return names.isEmpty ? nil : names.sorted()
      },
      folderIdentity: { folder in
        // Its real path stands for its inode.
        let real = resolved(folder)
        return ProjectFiles.FolderIdentity(
          device: 1, inode: UInt64(bitPattern: Int64(real.hashValue)))
      })
  }

  /// The path with the links on its way followed, as the file system would find it.
  func resolved(_ path: String) -> String {
    var parts = Self.normalized(path).split(separator: "/").map(String.init)
    var index = 0
    var steps = 0
    while index < parts.count, steps < 1_000 {
      steps += 1
      let prefix = parts[...index].joined(separator: "/")
      if let target = links[prefix] {
        parts =
          Self.normalized(target).split(separator: "/").map(String.init)
          + parts[(index + 1)...]
        index = 0
      } else {
        index += 1
      }
    }
    return parts.joined(separator: "/")
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
