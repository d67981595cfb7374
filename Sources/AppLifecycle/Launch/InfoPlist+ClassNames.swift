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
  /// built from a project (`isBuilt`: Xcode expanded it already).
  public var unresolvedClassNames: [UnresolvedClassName] {
    guard !isBuilt else { return [] }
    var found: [UnresolvedClassName] = []
    func check(_ key: String, _ value: PlistValue?) {
      guard case .string(let text) = value, text.contains("$") else { return }
      var unknown: [String] = []
      let expression = BuildSettingExpression(text)
      let expanded =
        (try? expression.evaluate { name throws(ProjectError) in
          let value = variable(name)
          if value == nil, !unknown.contains(name) { unknown.append(name) }
          return value
        }) ?? text
      guard !unknown.isEmpty || expanded.contains("$") else { return }
      found.append(
        UnresolvedClassName(key: key, value: text, expanded: expanded, unknownVariables: unknown))
    }
    check("NSPrincipalClass", values["NSPrincipalClass"])
    check("UIApplicationDelegateClassName", values["UIApplicationDelegateClassName"])
    guard case .dictionary(let manifest) = values["UIApplicationSceneManifest"],
      case .dictionary(let roles) = manifest["UISceneConfigurations"]
    else { return found }
    for role in roles.keys.sorted() {
      guard case .array(let configurations) = roles[role] else { continue }
      for case .dictionary(let configuration) in configurations {
        check("UISceneDelegateClassName", configuration["UISceneDelegateClassName"])
        check("UISceneClassName", configuration["UISceneClassName"])
      }
    }
    return found
  }
}

extension InfoPlist.UnresolvedClassName {
  /// What lifescript says about it, with the fix
  /// (Documentation/Reference/xcode-projects.md#an-infoplist-alone).
  public var warning: String {
    let problem =
      unknownVariables.isEmpty
      ? "is not a build variable Xcode can expand"
      : "names the build setting\(unknownVariables.count > 1 ? "s" : "") \(unknownVariables.joined(separator: ", ")), which nothing sets"
    let settings = (unknownVariables.isEmpty ? ["PRODUCT_MODULE_NAME"] : unknownVariables)
      .map { "\($0) = \"...\"" }.joined(separator: ", ")
    return
      "warning: the Info.plist's \(key) \(value) \(problem), so UIKit looks for the class \"\(expanded)\"; to fix, load the app from its project (Project \"MyApp.xcodeproj\") or set the build settings (BuildSettings { \(settings) }) (see Documentation/Reference/xcode-projects.md#an-infoplist-alone)"
  }
}
