extension InfoPlist {
  /// A class name in the Info.plist that names a build variable nothing sets, or that is not
  /// a variable Xcode can expand: the class UIKit looks up would not be the app's.
  public struct UnresolvedClassName: Equatable, Sendable {
    /// `UISceneDelegateClassName`.
    public var key: String
    /// As written: `$(PRODUCT_MODULE_NAME).SceneDelegate`.
    public var value: String
    /// As expanded: `.SceneDelegate`.
    public var expanded: String
    /// The variables nothing sets: `PRODUCT_MODULE_NAME`; empty when the text itself is not
    /// a variable (`$(PRODUCT_MODULE_NAME`).
    public var unknownVariables: [String]
  }

  /// The keys whose values UIKit loads as classes (§7.6): the principal class and the app
  /// delegate's, and each scene configuration's delegate and scene class.
  static let classNameKeys = [
    "NSPrincipalClass", "UIApplicationDelegateClassName", "UISceneDelegateClassName",
    "UISceneClassName",
  ]

  /// The class names that would not resolve as Xcode builds them; none for an Info.plist
  /// built from a project (`isBuilt`: `Project` checked it before expanding).
  public var unresolvedClassNames: [UnresolvedClassName] {
    guard !isBuilt else { return [] }
    // The lookup never throws: the values are the scenario's own settings.
    return (try? Self.unresolvedClassNames(in: values) { variable($0) }) ?? []
  }

  /// The class names of `values` that name a variable `lookup` does not know (nil), or that
  /// are not variables Xcode can expand.
  static func unresolvedClassNames(
    in values: [String: PlistValue], lookup: (String) throws(ProjectError) -> String?
  ) throws(ProjectError) -> [UnresolvedClassName] {
    var found: [UnresolvedClassName] = []
    func check(_ key: String, _ value: PlistValue?) throws(ProjectError) {
      guard case .string(let text) = value, text.contains("$") else { return }
      var unknown: [String] = []
      let evaluated = try BuildSettingExpression(text).evaluate(
        maximumBytes: BuildSettings.maximumValueBytes
      ) { name throws(ProjectError) in
        let value = try lookup(name)
        if value == nil, !unknown.contains(name) { unknown.append(name) }
        return value
      }
      // Longer than any value may be: expanding it again will say so.
      guard let expanded = evaluated else { return }
      guard !unknown.isEmpty || expanded.contains("$") else { return }
      found.append(
        UnresolvedClassName(key: key, value: text, expanded: expanded, unknownVariables: unknown))
    }
    try check("NSPrincipalClass", values["NSPrincipalClass"])
    try check("UIApplicationDelegateClassName", values["UIApplicationDelegateClassName"])
    guard case .dictionary(let manifest) = values["UIApplicationSceneManifest"],
      case .dictionary(let roles) = manifest["UISceneConfigurations"]
    else { return found }
    for role in roles.keys.sorted() {
      guard case .array(let configurations) = roles[role] else { continue }
      for case .dictionary(let configuration) in configurations {
        try check("UISceneDelegateClassName", configuration["UISceneDelegateClassName"])
        try check("UISceneClassName", configuration["UISceneClassName"])
      }
    }
    return found
  }
}

extension InfoPlist.UnresolvedClassName {
  /// What lifescript says about it in a project's Info.plist: the settings are the target's.
  func warning(project: String, target: String, configuration: String) -> FileWarning {
    let problem =
      unknownVariables.isEmpty
      ? "is not a build variable Xcode can expand"
      : "names the build setting\(unknownVariables.count > 1 ? "s" : "") \(unknownVariables.joined(separator: ", ")), which the target \(target) does not set (\(configuration))"
    return FileWarning(
      .unresolvedClassName,
      "\(project): the Info.plist's \(key) \(value) \(problem), so UIKit looks for the class \"\(expanded)\"; to fix, set it in the target's build settings or an xcconfig file (see Documentation/Reference/xcode-projects.md#class-names)"
    )
  }
}
