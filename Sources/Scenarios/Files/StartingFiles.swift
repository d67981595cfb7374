import LuaBridge

/// An Info.plist file a scenario starts with (`info` in lifescript.lua): read as `Info "path"`
/// reads it, from `folder`; a scenario's own `Info` replaces it.
public struct InfoFile: Equatable, Sendable {
  /// The file, from `folder`.
  public var path: String
  /// Where `path` starts, from the current directory (the folder of lifescript.lua).
  public var folder: String
  /// Where it was set, as messages name it: `info in lifescript.lua`.
  public var setting: String

  public init(path: String, folder: String, setting: String) {
    self.path = path
    self.folder = folder
    self.setting = setting
  }
}

/// An Xcode project a scenario starts with (`project` in lifescript.lua): opened with the
/// script's `Project(path, { target =, configuration = })` before the scenario runs.
public struct ProjectFile: Equatable, Sendable {
  /// The project folder, from the current directory (or absolute).
  public var path: String
  public var target: String?
  public var configuration: String?
  /// Where it was set, as messages name it: `project in lifescript.lua`.
  public var setting: String

  public init(path: String, target: String? = nil, configuration: String? = nil, setting: String) {
    self.path = path
    self.target = target
    self.configuration = configuration
    self.setting = setting
  }

  /// `path` as a scenario in `folder` names it: relative to `folder` once both are resolved
  /// (`../MyApp.xcodeproj`); unchanged when either cannot be resolved.
  public func path(from folder: String) -> String {
    guard let target = try? LuaFileScope.realPath(approximating: path).path,
      let base = try? LuaFileScope.realPath(approximating: folder).path
    else { return path }
    let to = target.split(separator: "/")
    let from = base.split(separator: "/")
    let shared = zip(to, from).prefix { $0 == $1 }.count
    let parts =
      Array(repeating: "..", count: from.count - shared) + to.dropFirst(shared).map(String.init)
    return parts.isEmpty ? "." : parts.joined(separator: "/")
  }
}
