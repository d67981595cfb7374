extension XcodeProject {
  /// The target an app is built from, with its settings in the chosen configuration.
  struct ChosenTarget {
    var target: Target
    var configuration: String
    var settings: BuildSettings
    var warnings: [FileWarning]
    /// Application targets passed over because they are not built for iOS, described:
    /// `MyApp-macOS (application for macosx)`.
    var passedOver: [String]
  }

  /// The product types of iOS apps that run the UIKit life cycle: an app, and an App Clip
  /// (chosen only by name).
  static let applicationProductType = "com.apple.product-type.application"
  static let appClipProductType = "com.apple.product-type.application.on-demand-install-capable"

  /// Chooses the target as the reference says
  /// (Documentation/Reference/xcode-projects.md#which-target): the one named, or else the only
  /// iOS application target (an application product built for `iphoneos`; watch, extension,
  /// test and macOS targets are not candidates), in `configuration` (Debug, the Run action's
  /// configuration of Xcode's schemes, when none is named).
  func chooseTarget(
    named wanted: String?, configuration wantedConfiguration: String?, files: ProjectFiles
  )
    throws -> ChosenTarget
  {
    let configuration = wantedConfiguration ?? "Debug"
    let projectName = name + ".xcodeproj"
    var platforms: [String: String] = [:]
    var chosenSettings: [String: (BuildSettings, [FileWarning])] = [:]
    /// The platform of a target, read in the configuration it would build with.
    func platform(of target: Target) throws -> String {
      if let known = platforms[target.id] { return known }
      guard target.isa == "PBXNativeTarget" else { return "" }
      let names = configurations(of: target).map(\.name)
      let probe =
        names.contains(configuration)
        ? configuration : (defaultConfigurationName(of: target) ?? names.first ?? configuration)
      let result = try self.settings(of: target, configuration: probe, files: files)
      platforms[target.id] = result.platform
      if probe == configuration { chosenSettings[target.id] = (result.settings, result.warnings) }
      return result.platform
    }
    func describe(_ target: Target) throws -> String {
      "\(target.name) (\(Self.kind(of: target))\(try platformSuffix(target)))"
    }
    func platformSuffix(_ target: Target) throws -> String {
      guard target.productType.hasPrefix(Self.applicationProductType) else { return "" }
      let platform = try platform(of: target)
      return platform.isEmpty ? "" : " for \(platform)"
    }
    func isIOSApplication(_ target: Target, allowingAppClip: Bool) throws -> Bool {
      guard target.isa == "PBXNativeTarget" else { return false }
      let types =
        allowingAppClip
        ? [Self.applicationProductType, Self.appClipProductType] : [Self.applicationProductType]
      guard types.contains(target.productType) else { return false }
      return try platform(of: target) == "iphoneos"
    }

    let target: Target
    if let wanted {
      guard let named = targets.first(where: { $0.name == wanted }) else {
        throw ProjectError(
          "\(projectName) has no target named \(wanted); its targets: \(try targets.map(describe).joined(separator: ", "))"
        )
      }
      guard try isIOSApplication(named, allowingAppClip: true) else {
        let applications = try targets.filter { try isIOSApplication($0, allowingAppClip: false) }
        throw ProjectError(
          "the target \(try describe(named)) of \(projectName) is not an iOS application; lifescript runs an application product built for iphoneos"
            + (applications.isEmpty
              ? "" : " (here: \(applications.map(\.name).joined(separator: ", ")))"))
      }
      target = named
    } else {
      let candidates = try targets.filter { try isIOSApplication($0, allowingAppClip: false) }
      guard let only = candidates.first else {
        let listed =
          targets.isEmpty
          ? "it has no targets"
          : "its targets: \(try targets.map(describe).joined(separator: ", "))"
        throw ProjectError(
          "\(projectName) has no iOS application target (an application product built for iphoneos); \(listed)"
        )
      }
      guard candidates.count == 1 else {
        throw ProjectError(
          "\(projectName) has \(candidates.count) iOS application targets: \(candidates.map(\.name).joined(separator: ", ")); name one with Project(\"\(path)\", { target = \"\(only.name)\" })"
        )
      }
      target = only
    }

    let names = configurations(of: target).map(\.name)
    guard names.contains(configuration) else {
      let suggestion = names.first.map {
        "; choose one with Project(\"\(path)\", { configuration = \"\($0)\" })"
      }
      throw ProjectError(
        "the target \(target.name) of \(projectName) has no configuration \(configuration)"
          + (names.isEmpty
            ? " (it has no configurations)"
            : "; its configurations: \(names.joined(separator: ", "))\(suggestion ?? "")"))
    }
    _ = try platform(of: target)
    let (settings, warnings) =
      try chosenSettings[target.id]
      ?? {
        let result = try self.settings(of: target, configuration: configuration, files: files)
        return (result.settings, result.warnings)
      }()
    var passedOver: [String] = []
    for other in targets
    where other.id != target.id && other.productType == Self.applicationProductType {
      if try platform(of: other) != "iphoneos" { passedOver.append(try describe(other)) }
    }
    return ChosenTarget(
      target: target, configuration: configuration, settings: settings, warnings: warnings,
      passedOver: passedOver)
  }

  /// What a target builds, in words: `application`, `app extension`, `unit test bundle`.
  static func kind(of target: Target) -> String {
    switch target.isa {
    case "PBXAggregateTarget": return "aggregate target"
    case "PBXLegacyTarget": return "external build target"
    default: break
    }
    let prefix = "com.apple.product-type."
    let type =
      target.productType.hasPrefix(prefix)
      ? String(target.productType.dropFirst(prefix.count)) : target.productType
    switch type {
    case "application": return "application"
    case "application.on-demand-install-capable": return "App Clip"
    case "application.watchapp", "application.watchapp2": return "watch app"
    case "application.watchapp2-container": return "watch-only app container"
    case "application.messages": return "iMessage app"
    case "watchkit-extension", "watchkit2-extension": return "WatchKit extension"
    case "framework", "framework.static": return "framework"
    case "library.static": return "static library"
    case "library.dynamic": return "dynamic library"
    case "bundle.unit-test": return "unit test bundle"
    case "bundle.ui-testing": return "UI test bundle"
    case "bundle": return "bundle"
    case "tool": return "command-line tool"
    case "extensionkit-extension": return "extension"
    case let other where other.hasPrefix("app-extension"): return "app extension"
    case "": return "target"
    default: return target.productType
    }
  }
}
