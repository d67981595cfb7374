import AppLifecycle
import LuaBridge
import XcodeFiles

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

extension ProjectFiles {
  /// Warnings about files read along the way (an Info.plist's duplicate keys), collected while
  /// the project model reads.
  final class Warnings {
    var given: [Warning] = []
  }

  /// The bytes a project's load holds, charged to a scenario's memory cap and given back once
  /// the load is done.
  final class Charge {
    private unowned let lua: LuaState
    private var held = 0

    init(lua: LuaState) { self.lua = lua }

    func add(_ bytes: Int) throws(ProjectError) {
      do {
        try lua.chargeEngineMemory(bytes)
      } catch {
        throw ProjectError("the project needs more memory than the scenario's cap allows")
      }
      held += bytes
    }

    func giveBack() {
      lua.creditEngineMemory(held)
      held = 0
    }
  }

  /// How the project model reads files, for a scenario's `Project` and for `lifescript init`
  /// alike: through `scope`, so under its project root only, named as `scope` names them.
  static func scoped(_ scope: LuaFileScope, warnings: Warnings) -> ProjectFiles {
    ProjectFiles(
      read: { path in
        guard try scope.locate(path).exists else { return nil }
        return try scope.read(path).bytes
      },
      readPropertyList: { path in
        guard try scope.locate(path).exists else { return nil }
        let file = try scope.read(path)
        let contents = try FileFormatError.reading {
          try PropertyListFile.read(file.bytes, file: file.location.display)
        }
        for duplicate in contents.duplicateKeys {
          warnings.given.append(
            Warning(PropertyListFile.warning(duplicate, file: file.location.display)))
        }
        return contents.values
      },
      list: { folder in try list(folder, in: scope) },
      folderIdentity: { folder in
        let location = try scope.locate(folder, expected: "a folder")
        var status = stat()
        guard location.exists, stat(location.real, &status) == 0 else { return nil }
        return FolderIdentity(device: UInt64(status.st_dev), inode: UInt64(status.st_ino))
      },
      display: { path in (try? scope.locate(path).display) ?? path })
  }

  /// The names in a folder under the root, a folder's with `/`; entries a symbolic link leads
  /// out of the root are left out.
  private static func list(_ folder: String, in scope: LuaFileScope) throws -> [String]? {
    let location = try scope.locate(folder, expected: "a folder")
    guard location.exists, FileSystem.kind(of: location.real) == .directory,
      let directory = opendir(location.real)
    else { return nil }
    defer { closedir(directory) }
    var names: [String] = []
    while let entry = readdir(directory) {
      let name = String(decoding: FileSystem.name(of: entry), as: UTF8.self)
      if name == "." || name == ".." { continue }
      let path = location.real + "/" + name
      var status = stat()
      guard lstat(path, &status) == 0 else { continue }
      if (status.st_mode & S_IFMT) == S_IFLNK {
        // Followed only when it stays under the root.
        guard (try? scope.locate(folder + "/" + name)) != nil else { continue }
      }
      switch FileSystem.kind(of: path) {
      case .directory: names.append(name + "/")
      case .file: names.append(name)
      case .missing, .other: continue
      }
    }
    return names.sorted()
  }
}
