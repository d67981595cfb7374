import AppLifecycle
import LuaBridge
import XcodeFiles

/// `Info { ... }` and `Storyboard(name, { ... })`: the app's configuration
/// (Documentation/Reference/scenario-language.md#configuration).
struct ConfigurationBindings {
  unowned let lua: LuaState
  let device: Device
  /// Where files are read: from the scenario's folder, under the project root.
  let files: LuaFileScope?
  /// Where each name is recorded as it is registered.
  let interface: ScriptInterface
  /// The configuration lines given since the app last launched.
  let build = Build()

  /// The configuration lines given since the app last launched: together they make the app
  /// that launches next. The first `Info` of a launch replaces the Info.plist and later ones add
  /// their keys over it; the same for `BuildSettings`; `Project` gives both, so it comes first
  /// (Documentation/Reference/scenario-language.md#one-launchs-configuration).
  final class Build {
    private var launch = -1
    /// The first line of this launch's configuration that took effect: the function and where
    /// it was called.
    private(set) var first: (function: String, location: ScriptLocation?)?
    private(set) var hasInfo = false
    private(set) var hasBuildSettings = false

    /// Called by each configuration line: a launch since the last line starts a new build.
    func begin(launchCount: Int) {
      guard launch != launchCount else { return }
      launch = launchCount
      first = nil
      hasInfo = false
      hasBuildSettings = false
    }

    /// Makes the next line start a new build, as after a launch: the suite's configured `info`
    /// or `project` is replaced by the scenario's own first line, not added to.
    func startAgain() { launch = -1 }

    /// Records that `function`'s line, at `location`, gave the Info.plist or build settings.
    func gave(_ function: String, at location: ScriptLocation?, info: Bool, buildSettings: Bool) {
      if first == nil { first = (function, location) }
      hasInfo = hasInfo || info
      hasBuildSettings = hasBuildSettings || buildSettings
    }
  }

  /// Starts `function`'s line of this launch's configuration, which changes `what`; the app
  /// must not be running.
  func beginLine(_ function: String, changing what: String = "its Info.plist") throws {
    guard !device.isAppRunning else {
      throw LuaScriptError(
        "\(function): the app is running; \(what) can change only between launches (end it first, with device.kill())"
      )
    }
    build.begin(launchCount: device.launchCount)
  }

  /// Reads a file the scenario names; one that cannot be read is a `LuaFileError`, raised at
  /// the script's line, and a format error a `FileFormatError` at the file's line.
  private func read<Value>(
    _ name: String, from base: String? = nil, _ parse: ([UInt8], String) throws -> Value
  ) throws -> Value {
    guard let files else { throw LuaScriptError("cannot open \(name): no scenario folder") }
    let file = try files.read(name, from: base)
    return try parse(file.bytes, file.location.display)
  }

  /// `Info "path"`: the XML plist file `path`, from `base` (default: the scenario's folder),
  /// becomes the app's Info.plist, or is added over it by a later `Info` of the same launch.
  func loadInfo(_ path: String, from base: String? = nil) throws {
    var file = path
    let contents = try read(path, from: base) { bytes, shown in
      file = shown
      return try FileFormatError.reading { try PropertyListFile.read(bytes, file: shown) }
    }
    try replaceInfo(with: contents.values) { error in
      FileFormatError(
        file: file, line: contents.keyLines[error.key] ?? 1, message: error.message)
    }
    for duplicate in contents.duplicateKeys {
      device.host.warn(Warning(PropertyListFile.warning(duplicate, file: file)))
    }
  }

  func register() throws {
    interface.register(
      .function(
        "Info", ["plist: table|string"],
        "The app's Info.plist: a table of keys as Apple spells them, or an XML plist file under the project root (from the scenario's folder); a later Info before the same launch adds its keys over it; between launches only."
      )
    ) { [lua, self] call in
      try beginLine("Info")
      if case .string(let path) = try call.value(1) {
        try loadInfo(path)
        return
      }
      guard case .table(let table) = try call.value(1) else {
        throw LuaArgumentError(index: 1, "table or file name expected, got \(call.typeName(at: 1))")
      }
      guard case .dictionary(let values) = try Self.plistValue(.table(table), lua: lua, key: "Info")
      else {
        throw LuaArgumentError(index: 1, "Info needs keys and values, not a list")
      }
      try replaceInfo(with: values) { LuaScriptError($0.message) }
    }
    interface.register(
      .function(
        "BuildSettings", ["settings: table<string, string>"],
        "Xcode build settings that `$(VAR)` in the Info.plist expands to (`PRODUCT_MODULE_NAME`, `EXECUTABLE_NAME`); a later BuildSettings before the same launch adds to them; between launches only."
      )
    ) { [lua, device, self] call in
      try beginLine("BuildSettings", changing: "its build settings")
      let table = try call.table(1)
      var settings = build.hasBuildSettings ? device.info.buildSettings : [:]
      for (key, value) in try lua.entries(of: table) {
        guard case .string(let name) = key, case .string(let setting) = value else {
          throw LuaScriptError("BuildSettings: names and values must be strings")
        }
        settings[name] = setting
      }
      device.info.buildSettings = settings
      build.gave("BuildSettings", at: lua.callerLocation(), info: false, buildSettings: true)
    }
    interface.register(
      .function(
        "Storyboard",
        [
          "name: string",
          "spec: {initialViewController: string|NSObject|table|nil, launchScreen: boolean?}?",
        ],
        "Declares a storyboard: a name and its initial view controller (`{ class = ..., children = { ... } }` for containers), or a .storyboard or launch screen .xib file, named after the file."
      )
    ) { [lua, device, self] call in
      let name = try call.string(1)
      guard case .table(let spec) = try call.value(2) else {
        guard call.isNil(2) else {
          throw LuaArgumentError(index: 2, "table expected, got \(call.typeName(at: 2))")
        }
        // Storyboard "path/Main.storyboard": a real file, named after it.
        let storyboardName = StoryboardFile.storyboardName(ofPath: name)
        try declare(
          try read(name) { bytes, file in
            try FileFormatError.reading {
              try StoryboardFile.read(bytes, file: file, name: storyboardName)
            }
          })
        return
      }
      let initial = try Self.scene(try lua.get(spec, "initialViewController"), lua: lua)
      var isLaunchScreen = false
      switch try lua.get(spec, "launchScreen") {
      case .nil: break
      case .boolean(let flag): isLaunchScreen = flag
      case let other:
        throw LuaScriptError(
          "Storyboard: launchScreen must be true or false, not a \(other.typeName)")
      }
      // A class that is not UIKit's is the app's own: a storyboard's customClass.
      let custom = initial.flatMap {
        Self.firstClass(in: $0) { !device.uikitClassNames.contains($0) }
      }
      try declare(
        Storyboard(
          name: name, initialViewController: initial, isLaunchScreen: isLaunchScreen,
          customClass: custom.map { Storyboard.CustomClass(name: $0) }))
    }
    try registerProject()
  }

  /// Makes `values` the app's Info.plist (the first `Info` of a launch) or adds them over it (a
  /// later one) once its launch-screen keys are right (reference §8.1) and no launch storyboard
  /// it names sets a custom class; otherwise the Info.plist stays as it was, and the error is
  /// the one `failure` makes of a bad key.
  private func replaceInfo(
    with values: [String: PlistValue], failure: (LaunchScreenError) -> any Error
  ) throws {
    var info = device.info
    info.values = build.hasInfo ? info.values.merging(values) { $1 } : values
    info.isBuilt = false
    do {
      _ = try LaunchScreenConfiguration(info)
    } catch {
      throw failure(error)
    }
    let previous = device.info
    device.info = info
    do {
      try device.checkLaunchStoryboards()
    } catch {
      device.info = previous
      throw LuaScriptError(error.message)
    }
    build.gave("Info", at: lua.callerLocation(), info: true, buildSettings: false)
  }

  /// Adds a storyboard, unless it is a launch storyboard with a custom class (Xcode would not
  /// build it).
  private func declare(_ storyboard: Storyboard) throws {
    do {
      try device.addStoryboard(storyboard)
    } catch {
      throw LuaScriptError(error.message)
    }
  }

  /// The first class of a scene or its children, depth first, that `matches`.
  private static func firstClass(in scene: Storyboard.Scene, where matches: (String) -> Bool)
    -> String?
  {
    if matches(scene.className) { return scene.className }
    for child in scene.children {
      if let found = firstClass(in: child, where: matches) { return found }
    }
    return nil
  }

  /// A scene: a class name, or `{ class = "UINavigationController", children = { ... } }`. The
  /// same bounds as a storyboard file's: scenes nested more than `Storyboard.maximumDepth`
  /// deep, more than `Storyboard.maximumControllers` of them, or a table that contains itself
  /// are an error naming where, never a stack overflow
  /// (Documentation/Reference/scenario-language.md#storyboards).
  private static func scene(_ value: LuaValue, lua: LuaState) throws -> Storyboard.Scene? {
    var reader = SceneSpecReader(lua: lua)
    return try reader.scene(value, path: "initialViewController", open: [:])
  }

  /// Reads a scenario's storyboard spec, counting the scenes it makes.
  private struct SceneSpecReader {
    unowned let lua: LuaState
    var count = 0

    mutating func scene(_ value: LuaValue, path: String, open: [UnsafeRawPointer: String])
      throws -> Storyboard.Scene?
    {
      switch value {
      case .nil:
        return nil
      case .string(let className):
        try made(at: path)
        return Storyboard.Scene(className: className)
      case .object(let cls as RuntimeClass, _):
        try made(at: path)
        return Storyboard.Scene(className: cls.name)
      case .table(let table):
        guard open.count < Storyboard.maximumDepth else {
          throw LuaScriptError(
            "Storyboard: scenes nest more than \(Storyboard.maximumDepth) deep (at \(path.clippedForMessage))"
          )
        }
        var open = open
        if let address = try lua.address(of: table) {
          if let outer = open[address] {
            throw LuaScriptError(
              "Storyboard: \(path.clippedForMessage) is \(outer.clippedForMessage) itself; a scene cannot contain itself"
            )
          }
          open[address] = path
        }
        switch try lua.get(table, "class") {
        case .string(let className):
          return try container(className, table, path: path, open: open)
        case .object(let cls as RuntimeClass, _):
          return try container(cls.name, table, path: path, open: open)
        case .nil:
          throw LuaScriptError("a storyboard scene needs a class")
        case let other:
          throw LuaScriptError(
            "a storyboard scene's class is a class name or a class, not a \(other.typeName)")
        }
      default:
        throw LuaScriptError(
          "a storyboard scene is a class name or a table, not a \(value.typeName)")
      }
    }

    /// A scene table's class and children.
    private mutating func container(
      _ className: String, _ table: LuaReference, path: String, open: [UnsafeRawPointer: String]
    ) throws -> Storyboard.Scene {
      try made(at: path)
      var children: [Storyboard.Scene] = []
      if case .table(let list) = try lua.get(table, "children") {
        var index = 1
        while let child = try scene(
          try lua.get(list, .integer(index)), path: "\(path).children[\(index)]", open: open)
        {
          children.append(child)
          index += 1
        }
      }
      return Storyboard.Scene(className: className, children: children)
    }

    /// Counts one scene more.
    private mutating func made(at path: String) throws {
      count += 1
      guard count <= Storyboard.maximumControllers else {
        throw LuaScriptError(
          "Storyboard: more than \(Storyboard.maximumControllers) view controllers (at \(path.clippedForMessage))"
        )
      }
    }
  }

  /// How deep `Info { ... }` tables may nest: far beyond any real Info.plist (the XML reader's
  /// bound), so that a hostile table ends in an error rather than a stack overflow.
  static let maximumInfoDepth = 256

  /// A Lua value as a plist value: a table with keys 1...n is an array, one with string keys a
  /// dictionary. A table that contains itself (`t.Loop = t`), or one nested deeper than
  /// `maximumInfoDepth`, is an error naming where
  /// (Documentation/Reference/scenario-language.md#configuration).
  static func plistValue(_ value: LuaValue, lua: LuaState, key: String) throws -> PlistValue {
    try plistValue(value, lua: lua, key: key, path: key, open: [:])
  }

  /// `path` is where `value` is (`Info.UIScene.list[2]`); `open` holds the tables around it, by
  /// address, with their paths.
  private static func plistValue(
    _ value: LuaValue, lua: LuaState, key: String, path: String,
    open: [UnsafeRawPointer: String]
  ) throws -> PlistValue {
    switch value {
    case .string(let text): return .string(text)
    case .boolean(let flag): return .bool(flag)
    case .integer(let number): return .integer(number)
    case .number(let number): return .real(number)
    case .object(let cls as RuntimeClass, _): return .string(cls.name)
    case .table(let table):
      guard open.count < Self.maximumInfoDepth else {
        throw LuaScriptError(
          "Info: tables nest more than \(Self.maximumInfoDepth) deep (at \(path.clippedForMessage))"
        )
      }
      var open = open
      if let address = try lua.address(of: table) {
        if let outer = open[address] {
          throw LuaScriptError(
            "Info: \(path.clippedForMessage) is \(outer.clippedForMessage) itself; an Info.plist cannot contain itself"
          )
        }
        open[address] = path
      }
      let entries = try lua.entries(of: table)
      if entries.isEmpty { return .dictionary([:]) }
      let indices = entries.compactMap { entry -> Int? in
        if case .integer(let index) = entry.key { return index }
        return nil
      }
      if indices.count == entries.count, Set(indices) == Set(1...entries.count) {
        let sorted = entries.sorted { ($0.key.asInteger ?? 0) < ($1.key.asInteger ?? 0) }
        return .array(
          try sorted.map { entry in
            try plistValue(
              entry.value, lua: lua, key: key, path: "\(path)[\(entry.key.asInteger ?? 0)]",
              open: open)
          })
      }
      var dictionary: [String: PlistValue] = [:]
      for (entryKey, entryValue) in entries {
        guard case .string(let name) = entryKey else {
          throw LuaScriptError(
            "\(key): keys must be strings (or 1...n for a list), got a \(entryKey.typeName)")
        }
        dictionary[name] = try plistValue(
          entryValue, lua: lua, key: name, path: "\(path).\(name)", open: open)
      }
      return .dictionary(dictionary)
    default:
      throw LuaScriptError("\(key): a \(value.typeName) cannot be an Info.plist value")
    }
  }
}

extension LuaValue {
  fileprivate var asInteger: Int? {
    if case .integer(let value) = self { return value }
    return nil
  }
}
