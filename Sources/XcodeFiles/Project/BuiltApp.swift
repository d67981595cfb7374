/// An app as Xcode would build it from a project: the target, the configuration, the
/// Info.plist with every variable expanded, the storyboards it ships and its module
/// (Documentation/Reference/xcode-projects.md).
public struct BuiltApp {
  public var projectName: String
  public var target: String
  public var configuration: String
  /// The built Info.plist: the target's `INFOPLIST_FILE` and, with `GENERATE_INFOPLIST_FILE`,
  /// the generated keys, every value expanded.
  public var infoPlist: [String: PlistValue]
  /// The settings `InfoPlist.buildSettings` keeps: the module and product names.
  public var buildSettings: [String: String]
  public var storyboards: [XcodeProject.ShippedStoryboard]
  /// What did not stop the load but should be known: a missing base xcconfig, an include that
  /// was not read.
  public var warnings: [FileWarning]
  /// What was chosen, for the trace: `MyApp.xcodeproj: target MyApp, configuration Debug, …`,
  /// on one line: a product name's or a path's control characters are escaped.
  public var summary: String

  /// The app built from the `.xcodeproj` folder at `path` (`../MyApp.xcodeproj`; a path to its
  /// `project.pbxproj` works too), for the target and configuration named, or the ones the
  /// reference's rules choose.
  public static func build(
    project path: String, target: String? = nil, configuration: String? = nil,
    files: ProjectFiles
  ) throws -> BuiltApp {
    let folder = path.hasSuffix("/project.pbxproj") ? PathText.folder(of: path) : path
    let projectFile = PathText.join(folder, "project.pbxproj")
    guard let bytes = try files.read(projectFile) else {
      throw ProjectError(
        "cannot open \(files.display(projectFile)): there is no Xcode project at \(files.display(folder)) (Project needs the path of an .xcodeproj folder)"
      )
    }
    let project = try XcodeProject(
      path: folder, projectFile: bytes, shownAs: files.display(projectFile))
    let chosen = try project.chooseTarget(
      named: target, configuration: configuration, files: files)
    var warnings = chosen.warnings
    let settings = chosen.settings
    let info = try InfoPlistBuild(project: project, settings: settings, files: files)
    warnings += info.warnings
    // A .xib is shipped for many views; only the one the Info.plist names is a launch screen
    // file UIKit loads at launch (UILaunchStoryboardName and its device-specific keys).
    let launchNames = Set(
      info.values.compactMap { key, value in
        key == "UILaunchStoryboardName" || key.hasPrefix("UILaunchStoryboardName~")
          || key.hasPrefix("UILaunchStoryboardName-") ? value.string : nil
      })
    let storyboards = try project.storyboards(
      of: chosen.target, files: files, warnings: &warnings
    ).filter { !$0.path.hasSuffix(".xib") || launchNames.contains($0.name) }

    var kept: [String: String] = [:]
    for name in [
      "PRODUCT_MODULE_NAME", "PRODUCT_NAME", "EXECUTABLE_NAME", "TARGET_NAME",
      "PRODUCT_BUNDLE_IDENTIFIER", "DEVELOPMENT_LANGUAGE", "PRODUCT_BUNDLE_PACKAGE_TYPE",
      "MARKETING_VERSION", "CURRENT_PROJECT_VERSION", "CONFIGURATION",
      "IPHONEOS_DEPLOYMENT_TARGET",
    ] {
      let value = try settings.value(name)
      if !value.isEmpty { kept[name] = value }
    }

    // The trace line: what was chosen, in the project's own terms, the same wherever it runs.
    var parts = ["target \(chosen.target.name)"]
    if !chosen.passedOver.isEmpty {
      parts[0] += " (not \(chosen.passedOver.joined(separator: ", ")))"
    }
    let configurations = project.configurations(of: chosen.target).map(\.name)
    parts.append(
      "configuration \(chosen.configuration)"
        + (configuration == nil && configurations.count > 1
          ? " (of \(configurations.joined(separator: ", ")))" : ""))
    let module = kept["PRODUCT_MODULE_NAME"] ?? ""
    let productName = kept["PRODUCT_NAME"] ?? ""
    parts.append(
      "module \(module)"
        + (productName != module && settings.origin(of: "PRODUCT_MODULE_NAME") == "Xcode's default"
          ? " (from PRODUCT_NAME \"\(productName)\")" : ""))
    parts.append("Info.plist \(info.description)")
    parts.append(
      storyboards.isEmpty
        ? "no storyboards" : "storyboards \(storyboards.map(\.name).joined(separator: ", "))")
    return BuiltApp(
      projectName: project.name + ".xcodeproj", target: chosen.target.name,
      configuration: chosen.configuration, infoPlist: info.values, buildSettings: kept,
      storyboards: storyboards, warnings: warnings,
      summary: MessageText.escaped(
        "\(project.name).xcodeproj: " + parts.joined(separator: ", ")))
  }
}
