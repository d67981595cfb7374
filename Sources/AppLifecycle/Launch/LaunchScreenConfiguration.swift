import XcodeFiles

/// The launch-screen keys of an Info.plist (reference §8.1), read and checked, and the launch
/// screen they choose for a launch.
///
/// A value, without the device: it does not know which storyboards the app has (a missing one is
/// the device's business, when it draws the screen).
public struct LaunchScreenConfiguration: Equatable, Sendable {
  /// The keys that name a launch screen, in the order a launch looks at them (below).
  public static let keys = [
    "UILaunchScreens", "UILaunchScreen", "UILaunchStoryboards", "UILaunchStoryboardName",
  ]

  /// `UILaunchStoryboardName`.
  public var storyboardName: String?
  /// `UILaunchStoryboards`: storyboard names by identifier.
  public var storyboards: Variants<String>?
  /// `UILaunchScreen`.
  public var screen: LaunchScreen.Appearance?
  /// `UILaunchScreens`.
  public var screens: Variants<LaunchScreen.Appearance>?

  /// The launch screens of `UILaunchScreens` or `UILaunchStoryboards`: definitions by
  /// identifier, URL schemes associated with an identifier, and the default identifier for a
  /// launch from the home screen or by a scheme not listed.
  public struct Variants<Value: Equatable & Sendable>: Equatable, Sendable {
    public var definitions: [String: Value]
    /// Scheme → identifier; schemes lowercased.
    public var associations: [String: String]
    public var defaultIdentifier: String?

    public init(
      definitions: [String: Value], associations: [String: String] = [:],
      defaultIdentifier: String? = nil
    ) {
      self.definitions = definitions
      self.associations = associations
      self.defaultIdentifier = defaultIdentifier
    }

    /// The identifier for a launch by `scheme` (nil: from the home screen).
    func identifier(forURLScheme scheme: String?) -> String? {
      scheme.flatMap { associations[$0.lowercased()] } ?? defaultIdentifier
    }
  }

  public init(
    storyboardName: String? = nil, storyboards: Variants<String>? = nil,
    screen: LaunchScreen.Appearance? = nil, screens: Variants<LaunchScreen.Appearance>? = nil
  ) {
    self.storyboardName = storyboardName
    self.storyboards = storyboards
    self.screen = screen
    self.screens = screens
  }

  /// Whether the Info.plist names a launch screen at all (what iOS 27 requires, §8.1).
  public var isEmpty: Bool {
    storyboardName == nil && storyboards == nil && screen == nil && screens == nil
  }

  /// Every storyboard these keys may show.
  public var storyboardNames: Set<String> {
    var names = Set(storyboards.map { Array($0.definitions.values) } ?? [])
    if let storyboardName { names.insert(storyboardName) }
    return names
  }

  /// The launch screen for a cold launch by a URL of `scheme` (nil: from the home screen).
  ///
  /// `UILaunchScreen` and `UILaunchScreens` exist from iOS 14 (§8.1); before, only the storyboard
  /// keys count. Which key wins when an Info.plist has several is not in the reference
  /// (INFERRED): the per-scheme keys first, the keys of iOS 14 before the storyboard keys.
  public func launchScreen(forURLScheme scheme: String?, plistKeysSupported: Bool = true)
    -> LaunchScreen
  {
    if plistKeysSupported, let screens {
      guard let identifier = screens.identifier(forURLScheme: scheme),
        let appearance = screens.definitions[identifier]
      else { return .black(because: "UILaunchScreens has no UIDefaultLaunchScreen") }
      return .plist(appearance, identifier: identifier)
    }
    if plistKeysSupported, let screen { return .plist(screen) }
    if let storyboards {
      guard let identifier = storyboards.identifier(forURLScheme: scheme),
        let name = storyboards.definitions[identifier]
      else { return .black(because: "UILaunchStoryboards has no UIDefaultLaunchStoryboard") }
      return .storyboard(name, identifier: identifier)
    }
    if let storyboardName { return .storyboard(storyboardName) }
    return .none
  }
}

/// A launch-screen key of the Info.plist that is not what Apple's pages describe: which
/// top-level key, and what is wrong with it.
public struct LaunchScreenError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The top-level Info.plist key (`UILaunchScreens`), so a reader of a file can name its line.
  public var key: String
  public var message: String

  public init(key: String, _ message: String) {
    self.key = key
    self.message = message
  }

  public var description: String { message }
}

extension LaunchScreenConfiguration {
  /// Reads the launch-screen keys of `info` (strings with `$(VAR)` expanded), checking their
  /// types and that every identifier a scheme or default names is defined (Apple's
  /// UIURLToLaunchScreenAssociations and UIDefaultLaunchScreen pages, §8.1).
  public init(_ info: InfoPlist) throws(LaunchScreenError) {
    let reader = Reader(info: info)
    // Each key as this device reads it: `UILaunchStoryboardName~ipad` on an iPad (§8.3).
    let storyboardNameKey = info.resolvedKey("UILaunchStoryboardName")
    if let value = info.values[storyboardNameKey] {
      storyboardName = try reader.string(value, at: [storyboardNameKey])
    }
    let screenKey = info.resolvedKey("UILaunchScreen")
    if let value = info.values[screenKey] {
      screen = try reader.appearance(value, at: [screenKey])
    }
    let storyboardsKey = info.resolvedKey("UILaunchStoryboards")
    if let value = info.values[storyboardsKey] {
      storyboards = try reader.variants(
        value, key: storyboardsKey, definitionsKey: "UILaunchStoryboardDefinitions",
        identifierKey: "UILaunchStoryboardIdentifier",
        associationsKey: "UIURLToLaunchStoryboardAssociations",
        defaultKey: "UIDefaultLaunchStoryboard"
      ) { definition, path throws(LaunchScreenError) in
        guard let file = definition["UILaunchStoryboardFile"] else {
          throw LaunchScreenError(
            key: path[0], "\(Reader.name(path)) has no UILaunchStoryboardFile")
        }
        return try reader.string(file, at: path + ["UILaunchStoryboardFile"])
      }
    }
    let screensKey = info.resolvedKey("UILaunchScreens")
    if let value = info.values[screensKey] {
      screens = try reader.variants(
        value, key: screensKey, definitionsKey: "UILaunchScreenDefinitions",
        identifierKey: "UILaunchScreenIdentifier",
        associationsKey: "UIURLToLaunchScreenAssociations", defaultKey: "UIDefaultLaunchScreen"
      ) { definition, path throws(LaunchScreenError) in
        try reader.appearance(.dictionary(definition), at: path)
      }
    }
  }

  /// Reads values at a key path, with errors that name the path.
  private struct Reader {
    let info: InfoPlist

    static func name(_ path: [String]) -> String { path.joined(separator: ".") }

    private func mismatch(_ value: PlistValue, at path: [String], expected: String)
      -> LaunchScreenError
    {
      LaunchScreenError(
        key: path[0], "\(Self.name(path)) must be \(expected), not \(Self.describe(value))")
    }

    static func describe(_ value: PlistValue) -> String {
      switch value {
      case .string: "a string"
      case .bool: "a boolean"
      case .integer: "an integer"
      case .real: "a number"
      case .array: "an array"
      case .dictionary: "a dictionary"
      }
    }

    func string(_ value: PlistValue, at path: [String]) throws(LaunchScreenError) -> String {
      guard case .string(let text) = value else {
        throw mismatch(value, at: path, expected: "a string")
      }
      return info.expand(text)
    }

    func dictionary(_ value: PlistValue, at path: [String]) throws(LaunchScreenError)
      -> [String: PlistValue]
    {
      guard case .dictionary(let entries) = value else {
        throw mismatch(value, at: path, expected: "a dictionary")
      }
      return entries
    }

    /// A list; an empty dictionary is an empty list too (a Lua `{}` is both).
    func array(_ value: PlistValue, at path: [String]) throws(LaunchScreenError) -> [PlistValue] {
      switch value {
      case .array(let items): return items
      case .dictionary(let entries) where entries.isEmpty: return []
      default: throw mismatch(value, at: path, expected: "an array")
      }
    }

    func appearance(_ value: PlistValue, at path: [String]) throws(LaunchScreenError)
      -> LaunchScreen.Appearance
    {
      let entries = try dictionary(value, at: path)
      var appearance = LaunchScreen.Appearance()
      if let color = entries["UIColorName"] {
        appearance.colorName = try string(color, at: path + ["UIColorName"])
      }
      if let image = entries["UIImageName"] {
        appearance.imageName = try string(image, at: path + ["UIImageName"])
      }
      if let respects = entries["UIImageRespectsSafeAreaInsets"] {
        guard case .bool(let flag) = respects else {
          throw mismatch(
            respects, at: path + ["UIImageRespectsSafeAreaInsets"], expected: "a boolean")
        }
        appearance.imageRespectsSafeAreaInsets = flag
      }
      appearance.navigationBar = try bar(entries["UINavigationBar"], at: path + ["UINavigationBar"])
      appearance.tabBar = try bar(entries["UITabBar"], at: path + ["UITabBar"])
      appearance.toolbar = try bar(entries["UIToolbar"], at: path + ["UIToolbar"])
      return appearance
    }

    private func bar(_ value: PlistValue?, at path: [String]) throws(LaunchScreenError)
      -> LaunchScreen.Appearance.Bar?
    {
      guard let value else { return nil }
      let entries = try dictionary(value, at: path)
      return LaunchScreen.Appearance.Bar(
        imageName: try entries["UIImageName"].map { v throws(LaunchScreenError) in
          try string(v, at: path + ["UIImageName"])
        })
    }

    /// `UILaunchScreens` or `UILaunchStoryboards`: definitions with unique identifiers; every
    /// association and the default name one of them.
    func variants<Value>(
      _ value: PlistValue, key: String, definitionsKey: String, identifierKey: String,
      associationsKey: String, defaultKey: String,
      definition read: ([String: PlistValue], [String]) throws(LaunchScreenError) -> Value
    ) throws(LaunchScreenError) -> LaunchScreenConfiguration.Variants<Value> {
      let entries = try dictionary(value, at: [key])
      var definitions: [String: Value] = [:]
      var order: [String] = []
      let list = try entries[definitionsKey].map { v throws(LaunchScreenError) in
        try array(v, at: [key, definitionsKey])
      }
      for (index, item) in (list ?? []).enumerated() {
        let path = [key, definitionsKey, "\(index + 1)"]
        let fields = try dictionary(item, at: path)
        guard let identifierValue = fields[identifierKey] else {
          throw LaunchScreenError(key: key, "\(Self.name(path)) has no \(identifierKey)")
        }
        let identifier = try string(identifierValue, at: path + [identifierKey])
        guard definitions[identifier] == nil else {
          throw LaunchScreenError(
            key: key, "\(key): \(identifierKey) \"\(identifier)\" is defined twice")
        }
        definitions[identifier] = try read(fields, path)
        order.append(identifier)
      }
      let known = order.isEmpty ? "none" : order.joined(separator: ", ")
      let unknown = { (what: String, identifier: String) in
        LaunchScreenError(
          key: key,
          "\(key): \(what) \"\(identifier)\", which matches no \(identifierKey) of \(definitionsKey) (defined: \(known))"
        )
      }
      var associations: [String: String] = [:]
      if let value = entries[associationsKey] {
        for (scheme, target) in try dictionary(value, at: [key, associationsKey]).sorted(by: {
          $0.key < $1.key
        }) {
          let identifier = try string(target, at: [key, associationsKey, scheme])
          guard definitions[identifier] != nil else {
            throw unknown("\(associationsKey) maps the scheme \"\(scheme)\" to", identifier)
          }
          associations[scheme.lowercased()] = identifier
        }
      }
      var defaultIdentifier: String?
      if let value = entries[defaultKey] {
        let identifier = try string(value, at: [key, defaultKey])
        guard definitions[identifier] != nil else { throw unknown(defaultKey + " is", identifier) }
        defaultIdentifier = identifier
      }
      return LaunchScreenConfiguration.Variants(
        definitions: definitions, associations: associations, defaultIdentifier: defaultIdentifier)
    }
  }
}
