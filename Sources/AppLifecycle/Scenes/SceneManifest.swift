import XcodeFiles

/// A scene configuration (`UISceneConfiguration`): what a new scene session is made of.
public struct SceneConfiguration: Equatable, Sendable {
  public var name: String?
  public var sessionRole: String
  public var delegateClassName: String?
  public var sceneClassName: String?
  public var storyboardName: String?

  public init(
    name: String?, sessionRole: String, delegateClassName: String? = nil,
    sceneClassName: String? = nil, storyboardName: String? = nil
  ) {
    self.name = name
    self.sessionRole = sessionRole
    self.delegateClassName = delegateClassName
    self.sceneClassName = sceneClassName
    self.storyboardName = storyboardName
  }

  /// How UIKit's messages print the name: `"(no name)"` when there is none (reference §7.6).
  public var displayName: String { name ?? "(no name)" }
}

/// Info.plist's `UIApplicationSceneManifest`: whether the app supports several scenes and its
/// configurations by session role, in order.
public struct SceneManifest: Equatable, Sendable {
  public static let applicationRole = "UIWindowSceneSessionRoleApplication"

  public var supportsMultipleScenes: Bool
  public var configurations: [String: [SceneConfiguration]]

  /// The manifest of an Info.plist, or nil when it has none (a legacy app). Class names are
  /// read with `$(VAR)` build variables expanded.
  public init?(_ info: InfoPlist) {
    guard case .dictionary(let manifest)? = info.value("UIApplicationSceneManifest") else {
      return nil
    }
    if case .bool(let multiple)? = manifest["UIApplicationSupportsMultipleScenes"] {
      supportsMultipleScenes = multiple
    } else {
      supportsMultipleScenes = false
    }
    var configurations: [String: [SceneConfiguration]] = [:]
    if case .dictionary(let roles)? = manifest["UISceneConfigurations"] {
      for (role, list) in roles {
        guard case .array(let items) = list else { continue }
        configurations[role] = items.compactMap { item in
          guard case .dictionary(let fields) = item else { return nil }
          func string(_ key: String) -> String? {
            guard let raw = fields[key]?.string else { return nil }
            let expanded = info.expand(raw)
            return expanded.isEmpty ? nil : expanded
          }
          return SceneConfiguration(
            name: string("UISceneConfigurationName"), sessionRole: role,
            delegateClassName: string("UISceneDelegateClassName"),
            sceneClassName: string("UISceneClassName"),
            storyboardName: string("UISceneStoryboardFile"))
        }
      }
    }
    self.configurations = configurations
  }

  /// `UISceneConfiguration(name:sessionRole:)`: the configuration of that name for the role, or
  /// (with no name) the first for the role, UIKit's default (reference §3.1 step 6, §3.3, §7.6).
  /// `log` receives UIKit's verbatim `[SceneConfiguration]` messages.
  public static func configuration(
    named name: String?, role: String, in manifest: SceneManifest?, log: (String) -> Void
  ) -> SceneConfiguration {
    let requested = SceneConfiguration(name: name, sessionRole: role)
    guard let manifest, !manifest.configurations.isEmpty else {
      log(
        "[SceneConfiguration] Info.plist contained no UIScene configuration dictionary (looking for configuration named \"\(requested.displayName)\")"
      )
      return requested
    }
    let candidates = manifest.configurations[role] ?? []
    guard let name else { return candidates.first ?? requested }
    if let match = candidates.first(where: { $0.name == name }) { return match }
    log(
      "[SceneConfiguration] Info.plist contained no configuration named \"\(name)\" for \(role). Falling back to first defined description for \(role)"
    )
    guard var fallback = candidates.first else { return requested }
    fallback.name = name
    return fallback
  }
}
