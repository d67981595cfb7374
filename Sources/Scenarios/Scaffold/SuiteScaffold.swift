import AppLifecycle
import LuaBridge
import XcodeFiles

/// The starter suite `lifescript init` writes for an app's Xcode project
/// (Documentation/Reference/commands.md#lifescript-init-project): a module declaring the app's classes,
/// three scenarios that pass against the project as it is, and the suite's configuration file.
public struct SuiteScaffold {
  /// A file to write: its path (the output folder's, or the configuration's beside the
  /// project) and what it holds, in a few words for the command's report.
  public struct File: Equatable, Sendable {
    public var path: String
    public var text: String
    public var summary: String
  }

  /// Why no suite can be written: the project could not be read, or the output folder is
  /// where its scenarios could not read the project. Exit status 2.
  public struct Failure: Error, Equatable, Sendable, CustomStringConvertible {
    public var message: String
    public var description: String { message }
    init(_ message: String) { self.message = message }
  }

  /// The name of the shared module, `require`d by every scenario.
  public static let moduleName = "app"

  public var files: [File]
  /// What the project load warned about (a missing base xcconfig, duplicate keys).
  public var warnings: [Warning]
  /// What was read, as the `project` trace line says it.
  public var summary: String

  let shape: AppShape
  /// The project as the scenarios name it: the path from the output folder.
  let projectFromOutput: String
  /// The output folder from the project's folder (where the configuration file is), for the
  /// files' "run it with" lines: `LifecycleTests`.
  let outputFromProject: String
  /// The `Project` line's options: the target and configuration init was told, so the
  /// scenarios build the app init read.
  let projectOptions: [(key: String, value: String)]

  /// Reads the project at `project` (an `.xcodeproj` folder) under `root`, and makes the suite
  /// for `output` (a folder) and the configuration file at `configuration`.
  public init(
    project: String, target: String?, configuration: String?, root: LuaFileScope.Root,
    output: String, configurationFile: String
  ) throws(Failure) {
    var reader = ProjectReader(root: root)
    do {
      let read = try reader.build(project: project, target: target, configuration: configuration)
      shape = try AppShape(app: read.app, storyboards: read.storyboards)
    } catch let error as ProjectError {
      throw Failure(error.description)
    } catch let error as FileFormatError {
      throw Failure(error.description)
    } catch let error as LuaFileError {
      throw Failure(error.description)
    } catch {
      throw Failure("\(project): \(error)")
    }
    warnings = reader.warnings
    summary = shape.summary
    projectFromOutput = Self.relativePath(to: project, from: output)
    projectOptions = [("target", target), ("configuration", configuration)].compactMap {
      key, value in value.map { (key, $0) }
    }
    outputFromProject = Self.relativePath(
      to: output, from: FileSystem.folder(of: configurationFile))
    files = []  // Every property set: the texts below are made by methods of self.
    files = [
      File(
        path: Self.join(output, Self.moduleName + ".lua"), text: moduleText(),
        summary: shape.classes.isEmpty
          ? "the app's classes: none, it uses UIKit's own"
          : "the app's classes: " + shape.classes.map(\.name).joined(separator: ", ")),
      File(
        path: Self.join(output, "launch.lua"), text: launchScenario(),
        summary: "the cold launch, callback by callback"),
      File(
        path: Self.join(output, "home-and-back.lua"), text: homeAndBackScenario(),
        summary: "to the home screen and back"),
      File(
        path: Self.join(output, "kill-and-relaunch.lua"), text: killAndRelaunchScenario(),
        summary: "swiped away in the app switcher, then launched again"),
      File(
        path: configurationFile, text: configurationText(),
        summary: "the suite's configuration, so that lifescript test here runs the suite"),
    ]
  }

  // MARK: Paths

  /// `name` in `folder`, as a path from the current directory (`LifecycleTests/app.lua`).
  public static func join(_ folder: String, _ name: String) -> String {
    folder == "." ? name : (folder.hasSuffix("/") ? folder + name : folder + "/" + name)
  }

  /// A word a shell reads back as `text`: as it is when it is letters, digits and `/._-`,
  /// else in single quotes.
  public static func shellWord(_ text: String) -> String {
    let plain = text.unicodeScalars.allSatisfy {
      $0.isASCII
        && ($0.properties.isAlphabetic || ("0"..."9").contains($0)
          || "/._-".unicodeScalars.contains($0))
    }
    if plain, !text.isEmpty { return text }
    // A line break or another control character would print a line of its own: bash's
    // $'…' spells each one out.
    if text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
      var word = "$'"
      for scalar in text.unicodeScalars {
        switch scalar {
        case "\\": word += "\\\\"
        case "'": word += "\\'"
        case "\n": word += "\\n"
        case "\t": word += "\\t"
        case _ where scalar.value < 0x20 || scalar.value == 0x7F:
          word += "\\x" + String(scalar.value, radix: 16, uppercase: true).leftPadded(to: 2)
        default: word.unicodeScalars.append(scalar)
        }
      }
      return word + "'"
    }
    return "'"
      + text.split(separator: "'", omittingEmptySubsequences: false)
      .joined(separator: "'\\''") + "'"
  }

  /// The path of `target` from `folder`, both resolved (`../MyApp.xcodeproj`); the absolute
  /// path when one of them cannot be.
  static func relativePath(to target: String, from folder: String) -> String {
    guard let to = try? LuaFileScope.realPath(approximating: target).path,
      let from = try? LuaFileScope.realPath(approximating: folder).path
    else { return target }
    let toParts = to.split(separator: "/")
    let fromParts = from.split(separator: "/")
    var common = 0
    while common < toParts.count, common < fromParts.count,
      toParts[common] == fromParts[common]
    {
      common += 1
    }
    let up = Array(repeating: "..", count: fromParts.count - common)
    let parts = up + toParts[common...].map(String.init)
    return parts.isEmpty ? "." : parts.joined(separator: "/")
  }
}

extension String {
  fileprivate func leftPadded(to length: Int) -> String {
    count >= length ? self : String(repeating: "0", count: length - count) + self
  }
}
