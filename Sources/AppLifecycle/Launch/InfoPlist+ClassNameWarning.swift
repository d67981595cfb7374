import XcodeFiles

extension InfoPlist.UnresolvedClassName {
  /// What lifescript says about it, with the fix
  /// (Documentation/Reference/xcode-projects.md#an-infoplist-alone).
  public var warning: Warning {
    let problem =
      unknownVariables.isEmpty
      ? "is not a build variable Xcode can expand"
      : "names the build setting\(unknownVariables.count > 1 ? "s" : "") \(unknownVariables.joined(separator: ", ")), which nothing sets"
    let settings = (unknownVariables.isEmpty ? ["PRODUCT_MODULE_NAME"] : unknownVariables)
      .map { "\($0) = \"...\"" }.joined(separator: ", ")
    return Warning(
      .unresolvedClassName,
      "the Info.plist's \(key) \(value) \(problem), so UIKit looks for the class \"\(expanded)\"; to fix, load the app from its project (Project \"MyApp.xcodeproj\") or set the build settings (BuildSettings { \(settings) }) (see Documentation/Reference/xcode-projects.md#an-infoplist-alone)"
    )
  }
}
