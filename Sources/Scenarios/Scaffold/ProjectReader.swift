import AppLifecycle
import LuaBridge
import XcodeFiles

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
    let box = ProjectFiles.Warnings()
    let app: BuiltApp
    do {
      app = try BuiltApp.build(
        project: path, target: target, configuration: configuration,
        files: .scoped(scope, warnings: box))
    } catch let error as LuaFileError {
      throw ProjectError(error.description)
    }
    warnings += box.given + app.warnings.map { Warning($0) }
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
}
