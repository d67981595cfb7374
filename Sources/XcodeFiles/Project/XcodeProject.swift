/// An Xcode project as its `project.pbxproj` describes it: objects by their IDs, the root
/// `PBXProject`, its targets and their build configurations
/// (Documentation/Reference/xcode-projects.md#what-lifescript-reads).
///
/// It reads only what building an app's Info.plist and finding its storyboards need; every
/// other object and key is kept and ignored.
public struct XcodeProject {
  /// A target: `PBXNativeTarget`, `PBXAggregateTarget` or `PBXLegacyTarget`.
  public struct Target: Equatable, Sendable {
    public var id: String
    public var name: String
    public var isa: String
    /// `com.apple.product-type.application`, ...; empty for an aggregate or legacy target.
    public var productType: String
  }

  /// The `.xcodeproj` folder, as the scenario named it (`../MyApp.xcodeproj`).
  public let path: String
  /// `MyApp` for `MyApp.xcodeproj`: `PROJECT_NAME`.
  public let name: String
  /// The folder that holds the `.xcodeproj`, where the project's paths start (`SRCROOT`).
  public let folder: String
  /// The project file as messages show it.
  public let file: String
  let objects: [String: [String: OpenStepValue]]
  let root: [String: OpenStepValue]
  public let targets: [Target]

  /// Reads the project from the bytes of its `project.pbxproj`.
  public init(path: String, projectFile bytes: [UInt8], shownAs file: String) throws {
    self.path = path
    self.file = file
    let folderName = PathText.name(of: path.hasSuffix("/") ? String(path.dropLast()) : path)
    name =
      folderName.hasSuffix(".xcodeproj")
      ? String(folderName.dropLast(".xcodeproj".count)) : folderName
    let parsed: OpenStepValue
    do {
      parsed = try OpenStepPropertyList.parse(bytes)
    } catch {
      throw ProjectError(file: file, line: error.line, column: error.column, error.message)
    }
    guard case .dictionary(let top) = parsed else {
      throw ProjectError(file: file, line: 1, "a project file is a dictionary ({ ... })")
    }
    guard case .dictionary(let objectValues) = top["objects"] else {
      throw ProjectError(file: file, "there is no 'objects' dictionary: not an Xcode project file")
    }
    var objects: [String: [String: OpenStepValue]] = [:]
    for (id, value) in objectValues {
      if case .dictionary(let object) = value { objects[id] = object }
    }
    self.objects = objects
    guard let rootID = top["rootObject"]?.string else {
      throw ProjectError(file: file, "there is no 'rootObject': not an Xcode project file")
    }
    guard let root = objects[rootID], root["isa"]?.string == "PBXProject" else {
      throw ProjectError(
        file: file, "rootObject \(rootID) is not a PBXProject object of this file")
    }
    self.root = root
    let projectDirPath = root["projectDirPath"]?.string ?? ""
    let parent = PathText.folder(of: path.hasSuffix("/") ? String(path.dropLast()) : path)
    folder = PathText.normalized(PathText.join(parent, projectDirPath))
    var targets: [Target] = []
    for id in Self.ids(root["targets"]) {
      guard let object = objects[id], let isa = object["isa"]?.string else { continue }
      let name = object["name"]?.string ?? id
      try Self.refuseControlCharacters(in: name, "a target's name", file: file)
      targets.append(
        Target(id: id, name: name, isa: isa, productType: object["productType"]?.string ?? ""))
    }
    self.targets = targets
    // Configurations are named by `--configuration` and in the trace; in the order of their
    // IDs, so that the first refused is the same on every run.
    for id in objects.keys.sorted() where objects[id]?["isa"]?.string == "XCBuildConfiguration" {
      if let name = objects[id]?["name"]?.string {
        try Self.refuseControlCharacters(in: name, "a build configuration's name", file: file)
      }
    }
  }

  /// A name that identifies the app (a target's, a configuration's) is in the trace and in
  /// messages, where a control character would only forge lines: refused, as a storyboard's
  /// names are (`MessageText`).
  static func refuseControlCharacters(in name: String, _ what: String, file: String? = nil)
    throws(ProjectError)
  {
    guard MessageText.hasControlCharacter(name) else { return }
    throw ProjectError(
      file: file, "\(what) holds a control character: \(MessageText.quoted(name))")
  }

  /// The region the project was developed in (`developmentRegion`): `DEVELOPMENT_LANGUAGE`.
  public var developmentRegion: String { root["developmentRegion"]?.string ?? "en" }

  /// The object of an ID.
  func object(_ id: String) -> [String: OpenStepValue]? { objects[id] }

  /// The IDs a key lists (`targets = ( A, B, );`); none when it lists none.
  static func ids(_ value: OpenStepValue?) -> [String] {
    value?.array?.compactMap(\.string) ?? []
  }

  // MARK: Configurations

  /// A configuration's build settings and base configuration file (its xcconfig).
  struct Configuration {
    var name: String
    var id: String
    var settings: [String: OpenStepValue]
    /// The xcconfig it is based on, as a path from the project's folder; nil for none.
    var baseConfiguration: String?
  }

  /// The configurations of the project itself.
  var projectConfigurations: [Configuration] {
    configurations(listedBy: root["buildConfigurationList"]?.string)
  }

  /// The configurations of a target.
  func configurations(of target: Target) -> [Configuration] {
    configurations(listedBy: objects[target.id]?["buildConfigurationList"]?.string)
  }

  /// The configuration a target builds with when none is named: its list's
  /// `defaultConfigurationName`.
  func defaultConfigurationName(of target: Target) -> String? {
    guard let list = objects[target.id]?["buildConfigurationList"]?.string else { return nil }
    return objects[list]?["defaultConfigurationName"]?.string
  }

  private func configurations(listedBy listID: String?) -> [Configuration] {
    guard let listID, let list = objects[listID] else { return [] }
    return Self.ids(list["buildConfigurations"]).compactMap { id in
      guard let object = objects[id], let name = object["name"]?.string else { return nil }
      return Configuration(
        name: name, id: id, settings: object["buildSettings"]?.dictionary ?? [:],
        baseConfiguration: baseConfigurationPath(of: object))
    }
  }

  /// `baseConfigurationReference` (a file reference), or Xcode 16's
  /// `baseConfigurationReferenceAnchor` (a synchronized folder) with
  /// `baseConfigurationReferenceRelativePath` inside it.
  private func baseConfigurationPath(of configuration: [String: OpenStepValue]) -> String? {
    if let reference = configuration["baseConfigurationReference"]?.string {
      return path(ofElement: reference)
    }
    if let anchor = configuration["baseConfigurationReferenceAnchor"]?.string,
      let relative = configuration["baseConfigurationReferenceRelativePath"]?.string,
      let anchorPath = path(ofElement: anchor)
    {
      return PathText.join(anchorPath, relative)
    }
    return nil
  }

  // MARK: File elements

  /// Where a file element (a file reference, a group, a variant group, a synchronized folder)
  /// is, from the project's folder: through its parent groups for `<group>`, from the
  /// project's folder for `SOURCE_ROOT`, as written for `<absolute>`. Nil for elements outside
  /// the repository (`BUILT_PRODUCTS_DIR`, `SDKROOT`, `DEVELOPER_DIR`, other build settings).
  func path(ofElement id: String) -> String? {
    var steps = 0
    var current = id
    var components: [String] = []
    while true {
      steps += 1
      guard steps < 256, let element = objects[current] else { return nil }
      let own = element["path"]?.string ?? ""
      switch element["sourceTree"]?.string ?? "<group>" {
      case "<group>":
        if !own.isEmpty { components.append(own) }
        guard let parent = parents[current] else {
          return PathText.normalized(Self.joined(folder, components.reversed()))
        }
        current = parent
      case "SOURCE_ROOT", "SRCROOT", "PROJECT_DIR":
        components.append(own)
        return PathText.normalized(Self.joined(folder, components.reversed()))
      case "<absolute>":
        components.append(own)
        return PathText.normalized(Self.joined("", components.reversed()))
      default:
        return nil
      }
    }
  }

  private static func joined(_ base: String, _ components: [String]) -> String {
    components.reduce(base) { PathText.join($0, $1) }
  }

  /// Each element's group, found from the main group down.
  private var parents: [String: String] {
    if let cached = parentCache.value { return cached }
    var parents: [String: String] = [:]
    var pending = root["mainGroup"]?.string.map { [$0] } ?? []
    var seen: Set<String> = []
    while let id = pending.popLast() {
      guard seen.insert(id).inserted, let group = objects[id] else { continue }
      for child in Self.ids(group["children"]) where parents[child] == nil && child != id {
        parents[child] = id
        pending.append(child)
      }
    }
    parentCache.value = parents
    return parents
  }

  private let parentCache = Cache<[String: String]>()
}

/// A value computed once, on first use, by a value type.
final class Cache<Value> {
  var value: Value?
}
