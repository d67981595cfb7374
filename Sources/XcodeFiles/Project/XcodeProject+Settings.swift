extension XcodeProject {
  /// The platform a target builds for, from its `SDKROOT` (and `SUPPORTED_PLATFORMS` when that
  /// is `auto`): `iphoneos`, `macosx`, `watchos`, `appletvos`, `xros`. Without `SDKROOT` Xcode
  /// builds for macOS.
  static func platform(sdkRoot: String, supportedPlatforms: String) -> String {
    let sdk = sdkRoot.lowercased()
    if sdk == "auto" || sdk.isEmpty && !supportedPlatforms.isEmpty {
      let supported = supportedPlatforms.split(separator: " ").map(String.init)
      if supported.contains("iphoneos") || supported.contains("iphonesimulator") {
        return "iphoneos"
      }
      return supported.first ?? "macosx"
    }
    for platform in ["iphoneos", "iphonesimulator", "macosx", "watchos", "appletvos", "xros"] {
      if sdk.hasPrefix(platform) || PathText.name(of: sdk).hasPrefix(platform) {
        return platform == "iphonesimulator" ? "iphoneos" : platform
      }
    }
    return sdk.isEmpty ? "macosx" : sdk
  }

  /// The release of the SDK `[sdk=…]` conditions see: iOS 26, the current release.
  static let sdkVersion = "26.0"

  /// The build settings of a target in a configuration, in Xcode's order: Xcode's defaults,
  /// the project's xcconfig, the project's settings, the target's xcconfig, the target's
  /// settings (Documentation/Reference/xcode-projects.md#where-settings-come-from). What could
  /// not be read is in `warnings`.
  func settings(
    of target: Target, configuration configurationName: String, files: ProjectFiles
  ) throws -> (settings: BuildSettings, platform: String, warnings: [FileWarning]) {
    // The configuration's name; `self.name` is the project's.
    let name = configurationName
    var assignments: [BuildSettings.Assignment] = []
    var warnings: [FileWarning] = []
    let projectName = self.name + ".xcodeproj"
    let levels: [(configuration: Configuration?, described: String, origin: String)] = [
      (
        projectConfigurations.first { $0.name == name }, "the project",
        "\(projectName) (project, \(name))"
      ),
      (
        configurations(of: target).first { $0.name == name }, "the target \(target.name)",
        "\(projectName) (target \(target.name), \(name))"
      ),
    ]
    for level in levels {
      guard let configuration = level.configuration else { continue }
      if let base = configuration.baseConfiguration {
        let recorder = BuildSettings(conditionValues: [:])
        var file = XCConfigFile(files: files, settings: recorder)
        do {
          if try !file.load(base) {
            warnings.append(
              FileWarning(
                .projectFile,
                "\(projectName): the base configuration file of \(level.described) (\(name)) is missing: \(files.display(base)); the load goes on without its settings, as in Xcode"
              )
            )
          }
        } catch let error as ProjectError {
          // A limit of work, or the memory cap: the load stops.
          throw error
        } catch {
          warnings.append(
            FileWarning(
              .projectFile,
              "\(projectName): the base configuration file of \(level.described) (\(name)) is not read: \(error)"
            )
          )
        }
        warnings += file.warnings
        assignments += recorder.allAssignments
      }
      for key in configuration.settings.keys.sorted() {
        guard let parsed = BuildSettings.Assignment.parseKey(key),
          XCConfigFile.isSettingName(parsed.name),
          let value = Self.settingText(configuration.settings[key]!)
        else { continue }
        assignments.append(
          BuildSettings.Assignment(
            name: parsed.name, conditions: parsed.conditions, value: value,
            origin: level.origin))
      }
    }
    // The platform decides the `sdk` condition, so it is read first, without one.
    let probe = BuildSettings(conditionValues: ["config": name, "arch": "arm64"])
    probe.charge = files.charge
    for assignment in assignments { probe.push(assignment) }
    let platform = Self.platform(
      sdkRoot: (try? probe.value("SDKROOT")) ?? "",
      supportedPlatforms: (try? probe.value("SUPPORTED_PLATFORMS")) ?? "")
    let settings = BuildSettings(conditionValues: [
      "config": name, "arch": "arm64", "variant": "normal",
      "sdk": platform + Self.sdkVersion,
    ])
    settings.charge = files.charge
    for assignment in defaults(for: target, configuration: name, platform: platform) {
      settings.push(assignment)
    }
    for assignment in assignments { settings.push(assignment) }
    return (settings, platform, warnings)
  }

  /// A setting's value as a pbxproj writes it: a string, or a list (`( "$(inherited)",
  /// "@executable_path/Frameworks", )`) as one string with its items separated by spaces.
  private static func settingText(_ value: OpenStepValue) -> String? {
    switch value {
    case .string(let text): return text
    case .array(let items):
      return items.compactMap(\.string).map { item in
        item.contains(" ") && !item.hasPrefix("\"") ? "\"\(item)\"" : item
      }.joined(separator: " ")
    case .data, .dictionary: return nil
    }
  }

  /// What Xcode defines before any project setting: names of the target and project, and the
  /// defaults the Info.plist uses (Documentation/Reference/xcode-projects.md#xcodes-defaults).
  private func defaults(for target: Target, configuration: String, platform: String)
    -> [BuildSettings.Assignment]
  {
    let wrapper: (extension: String, packageType: String) =
      switch target.productType {
      case let type where type.hasPrefix("com.apple.product-type.application"): ("app", "APPL")
      case let type where type.hasPrefix("com.apple.product-type.app-extension"): ("appex", "XPC!")
      case let type where type.hasPrefix("com.apple.product-type.extensionkit"): ("appex", "XPC!")
      case "com.apple.product-type.framework": ("framework", "FMWK")
      case let type where type.hasPrefix("com.apple.product-type.bundle"): ("bundle", "BNDL")
      default: ("", "")
      }
    let values: [(String, String)] = [
      ("TARGET_NAME", target.name),
      ("PROJECT_NAME", name),
      ("PROJECT_FILE_PATH", path),
      ("PROJECT_DIR", folder),
      ("SRCROOT", folder),
      ("SOURCE_ROOT", folder),
      ("CONFIGURATION", configuration),
      ("DEVELOPMENT_LANGUAGE", developmentRegion),
      ("PRODUCT_TYPE", target.productType),
      ("PRODUCT_NAME", "$(TARGET_NAME)"),
      ("PRODUCT_MODULE_NAME", "$(PRODUCT_NAME:c99extidentifier)"),
      ("EXECUTABLE_NAME", "$(EXECUTABLE_PREFIX)$(PRODUCT_NAME)$(EXECUTABLE_SUFFIX)"),
      ("WRAPPER_EXTENSION", wrapper.extension),
      ("WRAPPER_SUFFIX", wrapper.extension.isEmpty ? "" : ".$(WRAPPER_EXTENSION)"),
      ("WRAPPER_NAME", "$(PRODUCT_NAME)$(WRAPPER_SUFFIX)"),
      ("FULL_PRODUCT_NAME", "$(WRAPPER_NAME)"),
      ("CONTENTS_FOLDER_PATH", "$(WRAPPER_NAME)"),
      ("INFOPLIST_PATH", "$(CONTENTS_FOLDER_PATH)/Info.plist"),
      ("PRODUCT_BUNDLE_PACKAGE_TYPE", wrapper.packageType),
      ("PLATFORM_NAME", platform),
      ("EFFECTIVE_PLATFORM_NAME", "-" + platform),
      ("SDK_NAME", platform + Self.sdkVersion),
      ("ARCHS", "arm64"),
      ("CURRENT_ARCH", "arm64"),
      // Filled in when the app is signed; the team's identifier, or a placeholder without one.
      ("AppIdentifierPrefix", "$(DEVELOPMENT_TEAM:default=XXXXXXXXXX)."),
      ("TeamIdentifierPrefix", "$(DEVELOPMENT_TEAM:default=XXXXXXXXXX)."),
    ]
    return values.map {
      BuildSettings.Assignment(name: $0.0, value: $0.1, origin: "Xcode's default")
    }
  }
}
