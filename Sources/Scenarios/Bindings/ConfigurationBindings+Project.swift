import AppLifecycle
import LuaBridge
import XcodeFiles

/// `Project "../MyApp.xcodeproj"`: the app's configuration from its Xcode project
/// (Documentation/Reference/xcode-projects.md).
extension ConfigurationBindings {
  func registerProject() throws {
    interface.register(
      .function(
        "Project", ["path: string", "options: {target: string?, configuration: string?}?"],
        "The app as Xcode builds it from an .xcodeproj under the project root: the target's Info.plist (generated keys and variables included), its storyboards and its module; between launches only."
      )
    ) { [lua, self] call in
      try beginLine("Project")
      if let first = build.first {
        let place = first.location.map { " at \($0.shortFile):\($0.line)" } ?? ""
        throw LuaScriptError(
          "Project: this launch's configuration already began with \(first.function)\(place); Project builds the whole app (its Info.plist and build settings), so give it first and add keys after it with Info or BuildSettings"
        )
      }
      let path = try call.string(1)
      var target: String?
      var configuration: String?
      switch try call.value(2) {
      case .nil: break
      case .table(let options):
        for (key, value) in try lua.entries(of: options) {
          guard case .string(let name) = key, name == "target" || name == "configuration" else {
            throw LuaArgumentError(
              index: 2,
              "unknown option \(key.description) (Project knows target and configuration)")
          }
          guard case .string(let text) = value else {
            throw LuaArgumentError(index: 2, "\(name) must be a string, not a \(value.typeName)")
          }
          if name == "target" { target = text } else { configuration = text }
        }
      default:
        throw LuaArgumentError(index: 2, "table expected, got \(call.typeName(at: 2))")
      }
      try loadProject(path, target: target, configuration: configuration)
    }
  }

  /// Builds the app from the project and makes it the device's: its Info.plist, its
  /// storyboards (all of them: the app's bundle is the project's), its module; then says so in
  /// the trace and gives the load's warnings.
  private func loadProject(_ path: String, target: String?, configuration: String?) throws {
    guard let files else { throw LuaScriptError("cannot open \(path): no scenario folder") }
    let propertyListWarnings = ProjectFiles.Warnings()
    var projectFiles = ProjectFiles.scoped(files, warnings: propertyListWarnings)
    // What the load holds (the xcconfig files' settings, each value evaluated) counts against
    // the scenario's memory cap while it runs, and is given back when it is done.
    let held = ProjectFiles.Charge(lua: lua)
    projectFiles.charge = held.add
    defer { held.giveBack() }
    let app: BuiltApp
    do {
      app = try BuiltApp.build(
        project: path, target: target, configuration: configuration, files: projectFiles)
    } catch let error as ProjectError {
      // The cap was reached: the memory error, as for any other allocation.
      if lua.memoryLimitReached { throw LuaError(.memoryLimit, "not enough memory") }
      throw Self.scriptError(error)
    }
    var storyboards: [String: Storyboard] = [:]
    for shipped in app.storyboards {
      let location = try files.locate(shipped.path)
      guard location.exists else {
        throw LuaScriptError(
          "\(app.projectName): the target \(app.target) ships the storyboard \(shipped.name), but its file \(location.display) does not exist"
        )
      }
      let file = try files.read(shipped.path)
      storyboards[shipped.name] = try FileFormatError.reading {
        try StoryboardFile.read(file.bytes, file: file.location.display, name: shipped.name)
      }
    }
    var info = InfoPlist(app.infoPlist)
    info.buildSettings = app.buildSettings
    info.isBuilt = true
    do {
      _ = try LaunchScreenConfiguration(info)
    } catch {
      throw LuaScriptError("\(app.projectName): its Info.plist as built: \(error.message)")
    }
    let previous = (info: device.info, storyboards: device.storyboards)
    device.storyboards = storyboards
    device.info = info
    do {
      try device.checkLaunchStoryboards()
    } catch {
      device.info = previous.info
      device.storyboards = previous.storyboards
      throw LuaScriptError(error.message)
    }
    for warning in propertyListWarnings.given + app.warnings.map({ Warning($0) }) {
      device.host.warn(warning)
    }
    device.recordProject(app.summary)
    build.gave("Project", at: lua.callerLocation(), info: true, buildSettings: true)
  }

  /// A project's error as the scenario reports it: at the file's line when it has one (the
  /// project file's syntax, with its column), else at the script's line.
  private static func scriptError(_ error: ProjectError) -> any Error {
    if let file = error.file, let line = error.line {
      return FileFormatError(file: file, line: line, column: error.column, message: error.message)
    }
    if let file = error.file { return LuaScriptError("\(file): \(error.message)") }
    return LuaScriptError(error.message)
  }
}
