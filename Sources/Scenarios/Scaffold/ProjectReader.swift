import AppLifecycle
import LuaBridge

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads an Xcode project for `lifescript init` as a scenario's `Project` reads it: through a
/// file scope whose root is the project's root, so init sees exactly the files the suite it
/// writes may read (Documentation/Reference/xcode-projects.md).
struct ProjectReader {
  let scope: LuaFileScope
  /// Warnings about files read along the way (an Info.plist's duplicate keys).
  private(set) var warnings: [Warning] = []

  /// A reader of files under `root`, with relative paths resolved from the current directory.
  init(root: LuaFileScope.Root) {
    scope = LuaFileScope(folder: ".") { root }
  }

  /// The app `BuiltApp` builds from the `.xcodeproj` at `path`, with every warning of the
  /// load; the storyboards it ships, read.
  mutating func build(project path: String, target: String?, configuration: String?) throws
    -> (app: BuiltApp, storyboards: [ReadStoryboard])
  {
    let box = WarningBox()
    let app: BuiltApp
    do {
      app = try BuiltApp.build(
        project: path, target: target, configuration: configuration, files: files(box))
    } catch let error as LuaFileError {
      throw ProjectError(error.description)
    }
    warnings += box.messages + app.warnings
    var storyboards: [ReadStoryboard] = []
    for shipped in app.storyboards {
      let location = try scope.locate(shipped.path)
      guard location.exists else {
        throw ProjectError(
          "\(app.projectName): the target \(app.target) ships the storyboard \(shipped.name), but its file \(location.display) does not exist"
        )
      }
      let file = try scope.read(shipped.path)
      storyboards.append(
        ReadStoryboard(name: shipped.name, file: file.location.display, bytes: file.bytes))
    }
    return (app, storyboards)
  }

  /// A storyboard's bytes and where they are, as messages show it.
  struct ReadStoryboard {
    var name: String
    var file: String
    var bytes: [UInt8]
  }

  private final class WarningBox {
    var messages: [Warning] = []
  }

  private func files(_ warnings: WarningBox) -> ProjectFiles {
    ProjectFiles(
      read: { [scope] path in
        guard try scope.locate(path).exists else { return nil }
        return try scope.read(path).bytes
      },
      readPropertyList: { [scope] path in
        guard try scope.locate(path).exists else { return nil }
        let file = try scope.read(path)
        let contents = try PropertyListFile.read(file.bytes, file: file.location.display)
        for duplicate in contents.duplicateKeys {
          warnings.messages.append(
            PropertyListFile.warning(duplicate, file: file.location.display))
        }
        return contents.values
      },
      list: { [scope] folder in try Self.list(folder, in: scope) },
      display: { [scope] path in (try? scope.locate(path).display) ?? path })
  }

  /// The names in a folder under the root, a folder's with `/`; entries a symbolic link leads
  /// out of the root are left out (as `Project` lists a synchronized folder).
  private static func list(_ folder: String, in scope: LuaFileScope) throws -> [String]? {
    let location = try scope.locate(folder, expected: "a folder")
    guard location.exists, FileSystem.kind(of: location.real) == .directory,
      let directory = opendir(location.real)
    else { return nil }
    defer { closedir(directory) }
    var names: [String] = []
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      if name == "." || name == ".." { continue }
      let path = location.real + "/" + name
      var status = stat()
      guard lstat(path, &status) == 0 else { continue }
      if (status.st_mode & S_IFMT) == S_IFLNK {
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
