/// The Info.plist Xcode builds for a target
/// (Documentation/Reference/xcode-projects.md#the-infoplist-xcode-builds): the
/// `INFOPLIST_FILE`; with `GENERATE_INFOPLIST_FILE = YES`, the keys generated from the
/// `INFOPLIST_KEY_*` settings and the product's settings merged onto it; every string value
/// expanded; empty values of the keys Xcode elides removed; and the keys the platform adds
/// (`UIDeviceFamily`, `MinimumOSVersion`).
struct InfoPlistBuild {
  var values: [String: PlistValue]
  var warnings: [FileWarning] = []
  /// `MyApp/Info.plist`, `MyApp/Info.plist + 9 generated keys`, `generated (12 keys)`.
  var description: String

  init(project: XcodeProject, settings: BuildSettings, files: ProjectFiles) throws {
    let generate = Self.isYes(try settings.value("GENERATE_INFOPLIST_FILE"))
    let file = try settings.value("INFOPLIST_FILE")
    var values: [String: PlistValue] = [:]
    if !file.isEmpty {
      let path = PathText.join(project.folder, file)
      guard let read = try files.readPropertyList(path) else {
        throw ProjectError(
          "the Info.plist of the target \(try settings.value("TARGET_NAME")) does not exist: \(files.display(path)) (INFOPLIST_FILE = \(file), set in \(settings.origin(of: "INFOPLIST_FILE") ?? "the project"))"
        )
      }
      values = read
    } else if !generate {
      warnings.append(
        FileWarning(
          .projectFile,
          "\(project.name).xcodeproj: the target \(try settings.value("TARGET_NAME")) sets neither INFOPLIST_FILE nor GENERATE_INFOPLIST_FILE = YES, so Xcode builds its Info.plist without keys"
        )
      )
    }
    var generatedCount = 0
    if generate {
      let generated = try Self.generatedKeys(settings)
      generatedCount = generated.count
      for key in generated.keys.sorted() {
        values[key] = try Self.merge(generated[key]!, onto: values[key], key: key, file: file)
      }
    }
    // A class name whose variable the target does not set would silently not be the app's.
    let unresolved = try InfoPlist.unresolvedClassNames(in: values) { name throws(ProjectError) in
      settings.isAssigned(name) ? try settings.value(name) : nil
    }
    let target = try settings.value("TARGET_NAME")
    let configuration = try settings.value("CONFIGURATION")
    for name in unresolved {
      warnings.append(
        name.warning(
          project: project.name + ".xcodeproj", target: target, configuration: configuration))
    }
    values = try Self.expanded(values, settings)
    try Self.refuseControlCharactersInNames(
      values,
      shownAs: file.isEmpty
        ? "\(project.name).xcodeproj" : files.display(PathText.join(project.folder, file)))
    values = Self.elidingEmptyValues(values)
    let family = try settings.value("TARGETED_DEVICE_FAMILY").split(separator: ",").compactMap {
      Int(String($0).trimmingSpaces)
    }.filter { $0 == 1 || $0 == 2 }
    values["UIDeviceFamily"] = .array(
      (family.isEmpty ? [1] : Array(Set(family)).sorted()).map { .integer($0) })
    let deploymentTarget = try settings.value("IPHONEOS_DEPLOYMENT_TARGET")
    if !deploymentTarget.isEmpty { values["MinimumOSVersion"] = .string(deploymentTarget) }
    self.values = values
    description =
      file.isEmpty
      ? "generated (\(generatedCount) keys)"
      : file + (generate ? " + \(generatedCount) generated keys" : "")
  }

  // MARK: Names

  /// The keys whose values UIKit loads by name, a class or a storyboard (§7.6), at the top and
  /// in each scene configuration.
  static let nameKeys = [
    "NSPrincipalClass", "UIApplicationDelegateClass", "UIApplicationDelegateClassName",
    "UIMainStoryboardFile", "UILaunchStoryboardName",
  ]
  static let sceneNameKeys = [
    "UISceneConfigurationName", "UISceneDelegateClassName", "UISceneClassName",
    "UISceneStoryboardFile",
  ]

  /// A name UIKit loads is in its messages (`could not load class with name "…"`) and in the
  /// trace, where a control character would only forge lines: refused, as the project's names
  /// are (`MessageText`). Other values (a usage description) may hold line breaks.
  static func refuseControlCharactersInNames(_ values: [String: PlistValue], shownAs file: String)
    throws(ProjectError)
  {
    func check(_ key: String, _ value: PlistValue?) throws(ProjectError) {
      guard case .string(let text) = value, MessageText.hasControlCharacter(text) else { return }
      throw ProjectError(
        file: file,
        "the Info.plist's \(key) holds a control character: \(MessageText.quoted(text))")
    }
    for key in values.keys.sorted()
    where nameKeys.contains(where: {
      key == $0 || key.hasPrefix($0 + "~") || key.hasPrefix($0 + "-")
    }) {
      try check(key, values[key])
    }
    guard case .dictionary(let manifest) = values["UIApplicationSceneManifest"],
      case .dictionary(let roles) = manifest["UISceneConfigurations"]
    else { return }
    for role in roles.keys.sorted() {
      guard case .array(let configurations) = roles[role] else { continue }
      for case .dictionary(let configuration) in configurations {
        for key in sceneNameKeys { try check(key, configuration[key]) }
      }
    }
  }

  // MARK: Generated keys

  /// The keys Xcode generates from `INFOPLIST_KEY_<key>` settings
  /// (`INFOPLIST_KEY_UISupportedInterfaceOrientations_iPad` for the key
  /// `UISupportedInterfaceOrientations~ipad`), with their types; a setting Xcode does not
  /// know generates nothing.
  static let booleanKeys: Set<String> = [
    "ITSAppUsesNonExemptEncryption", "LSBackgroundOnly", "LSUIElement",
    "NSViewGestureRecognizerIsExclusive", "LSSupportsOpeningDocumentsInPlace",
    "NSSupportsLiveActivities", "NSSupportsLiveActivitiesFrequentUpdates",
    "UIApplicationSupportsIndirectInputEvents", "UIRequiresFullScreen", "UIStatusBarHidden",
    "UISupportsDocumentBrowser", "WKApplication", "WKRunsIndependentlyOfCompanionApp",
    "WKWatchOnly", "MetalCaptureEnabled", "GCSupportsControllerUserInteraction",
    "GCSupportsGameMode",
  ]
  static let listKeys: Set<String> = [
    "UIRequiredDeviceCapabilities", "UISupportedInterfaceOrientations",
    "UISupportedInterfaceOrientations~ipad", "UISupportedInterfaceOrientations~iphone",
    "WKSupportsLiveActivityLaunchAttributeTypes",
  ]
  static let stringKeys: Set<String> = [
    "CFBundleDisplayName", "LSApplicationCategoryType", "NSHumanReadableCopyright",
    "NSPrincipalClass", "ITSEncryptionExportComplianceCode", "NSMainNibFile",
    "NSMainStoryboardFile", "UILaunchStoryboardName", "UIMainStoryboardFile",
    "UIUserInterfaceStyle", "NSSensorKitPrivacyPolicyURL", "UIStatusBarStyle",
    "CLKComplicationPrincipalClass", "WKCompanionAppBundleIdentifier",
    "WKExtensionDelegateClassName", "NSStickerSharingLevel",
    // Usage descriptions.
    "NFCReaderUsageDescription", "NSAccessoryTrackingUsageDescription",
    "NSAppDataUsageDescription", "NSAppleEventsUsageDescription", "NSAppleMusicUsageDescription",
    "NSBluetoothAlwaysUsageDescription", "NSBluetoothPeripheralUsageDescription",
    "NSBluetoothWhileInUseUsageDescription", "NSCalendarsUsageDescription",
    "NSCalendarsFullAccessUsageDescription", "NSCalendarsWriteOnlyAccessUsageDescription",
    "NSCameraUsageDescription", "NSContactsUsageDescription",
    "NSCriticalMessagingUsageDescription", "NSDesktopFolderUsageDescription",
    "NSDocumentsFolderUsageDescription", "NSDownloadsFolderUsageDescription",
    "NSFaceIDUsageDescription", "NSFallDetectionUsageDescription",
    "NSFileProviderDomainUsageDescription", "NSFileProviderPresenceUsageDescription",
    "NSFinancialDataUsageDescription", "NSFocusStatusUsageDescription",
    "NSGKFriendListUsageDescription", "NSHandsTrackingUsageDescription",
    "NSHealthClinicalHealthRecordsShareUsageDescription", "NSHealthShareUsageDescription",
    "NSHealthUpdateUsageDescription", "NSHomeKitUsageDescription",
    "NSIdentityUsageDescription", "NSLocalNetworkUsageDescription",
    "NSLocationAlwaysAndWhenInUseUsageDescription", "NSLocationAlwaysUsageDescription",
    "NSLocationUsageDescription", "NSLocationWhenInUseUsageDescription",
    "NSMicrophoneUsageDescription", "NSMotionUsageDescription",
    "NSNearbyInteractionAllowOnceUsageDescription", "NSNearbyInteractionUsageDescription",
    "NSNetworkVolumesUsageDescription", "NSPhotoLibraryAddUsageDescription",
    "NSPhotoLibraryUsageDescription", "NSRemindersUsageDescription",
    "NSRemindersFullAccessUsageDescription", "NSRemovableVolumesUsageDescription",
    "NSSensorKitUsageDescription", "NSSiriUsageDescription",
    "NSSpeechRecognitionUsageDescription", "NSSystemAdministrationUsageDescription",
    "NSSystemExtensionUsageDescription", "NSUserTrackingUsageDescription",
    "NSVideoSubscriberAccountUsageDescription", "NSVoIPUsageDescription",
    "NSWorldSensingUsageDescription", "OSBundleUsageDescription",
  ]

  /// The keys generated for an iOS app: one for each `INFOPLIST_KEY_*` setting that is
  /// assigned (even empty), the bundle's keys from the product's settings, and the scene
  /// manifest and launch screen that the `_Generation` settings ask for.
  static func generatedKeys(_ settings: BuildSettings) throws -> [String: PlistValue] {
    var keys: [String: PlistValue] = [:]
    func setting(for key: String) -> String {
      "INFOPLIST_KEY_"
        + key.replacingSuffix("~iphone", with: "_iPhone").replacingSuffix("~ipad", with: "_iPad")
    }
    // In the order of the keys' names: the first error (a cycle, a value too long) is the
    // same on every run, whatever the set's order in this process.
    for key in booleanKeys.union(listKeys).union(stringKeys).sorted() {
      let name = setting(for: key)
      let value = try settings.value(name)
      guard settings.isAssigned(name) || !value.isEmpty else { continue }
      if booleanKeys.contains(key) {
        keys[key] = .bool(isYes(value))
      } else if listKeys.contains(key) {
        keys[key] = .array(Self.words(value).map { .string($0) })
      } else {
        keys[key] = .string(value)
      }
    }
    for (key, name) in [
      ("CFBundleName", "PRODUCT_NAME"), ("CFBundleExecutable", "EXECUTABLE_NAME"),
      ("CFBundleVersion", "CURRENT_PROJECT_VERSION"),
      ("CFBundleDevelopmentRegion", "DEVELOPMENT_LANGUAGE"),
      ("CFBundleIdentifier", "PRODUCT_BUNDLE_IDENTIFIER"),
      ("CFBundlePackageType", "PRODUCT_BUNDLE_PACKAGE_TYPE"),
      ("CFBundleShortVersionString", "MARKETING_VERSION"),
    ] {
      let value = try settings.value(name)
      if settings.isAssigned(name) || !value.isEmpty { keys[key] = .string(value) }
    }
    keys["CFBundleInfoDictionaryVersion"] = .string("6.0")
    keys["LSRequiresIPhoneOS"] = .bool(true)
    if isYes(try settings.value("INFOPLIST_KEY_UILaunchScreen_Generation")) {
      keys["UILaunchScreen"] = .dictionary([:])
    }
    if isYes(try settings.value("INFOPLIST_KEY_UIApplicationSceneManifest_Generation")) {
      keys["UIApplicationSceneManifest"] = .dictionary([
        "UIApplicationSupportsMultipleScenes": .bool(true),
        "UISceneConfigurations": .dictionary([:]),
      ])
    }
    return keys
  }

  /// A generated value merged onto the file's, as Xcode merges: a value replaces a value,
  /// a list adds the items the file's lacks, a dictionary's keys replace the file's keys of
  /// the same name (one level deep); different kinds do not merge.
  static func merge(_ generated: PlistValue, onto existing: PlistValue?, key: String, file: String)
    throws -> PlistValue
  {
    guard let existing else { return generated }
    switch (existing, generated) {
    case (.array(let items), .array(let more)):
      return .array(items + more.filter { !items.contains($0) })
    case (.dictionary(var entries), .dictionary(let more)):
      for (name, value) in more { entries[name] = value }
      return .dictionary(entries)
    case (.array, _), (.dictionary, _), (_, .array), (_, .dictionary):
      throw ProjectError(
        "the Info.plist \(file) has \(key) as \(kind(existing)), and the generated Info.plist as \(kind(generated)); Xcode cannot merge them (change the file or the INFOPLIST_KEY_ setting)"
      )
    default:
      return generated
    }
  }

  private static func kind(_ value: PlistValue) -> String {
    switch value {
    case .array: "a list"
    case .dictionary: "a dictionary"
    default: "a value"
    }
  }

  // MARK: Expansion

  /// Every string value with its variables expanded; keys stay as they are.
  static func expanded(_ values: [String: PlistValue], _ settings: BuildSettings) throws
    -> [String: PlistValue]
  {
    var result: [String: PlistValue] = [:]
    // Sorted, for the same first error on every run.
    for key in values.keys.sorted() { result[key] = try expanded(values[key]!, settings) }
    return result
  }

  private static func expanded(_ value: PlistValue, _ settings: BuildSettings) throws
    -> PlistValue
  {
    switch value {
    case .string(let text): return .string(try settings.expand(text))
    case .array(let items): return .array(try items.map { try expanded($0, settings) })
    case .dictionary(let entries): return .dictionary(try expanded(entries, settings))
    case .bool, .integer, .real: return value
    }
  }

  /// Keys the system fails on when they are empty, which Xcode leaves out rather than write
  /// empty, in every dictionary of the Info.plist.
  static let elidedWhenEmpty: Set<String> = [
    "CFBundleDevelopmentRegion", "CFBundleExecutable", "CFBundleGetInfoString",
    "CFBundleIconFile", "CFBundleIdentifier", "CFBundleName", "CFBundlePackageType",
    "CFBundleResourceSpecification", "CFBundleShortVersionString", "CFBundleSignature",
    "CFBundleTypeIconFile", "CFBundleTypeRole", "CFBundleVersion", "NSDocumentClass",
    "NSHelpFile", "NSHumanReadableCopyright", "NSMainNibFile", "NSPrincipalClass",
    "NSStickerSharingLevel",
  ]

  static func elidingEmptyValues(_ values: [String: PlistValue]) -> [String: PlistValue] {
    var result: [String: PlistValue] = [:]
    for (key, value) in values {
      if value == .string(""), elidedWhenEmpty.contains(key) { continue }
      result[key] = elidingEmptyValues(value)
    }
    return result
  }

  private static func elidingEmptyValues(_ value: PlistValue) -> PlistValue {
    switch value {
    case .dictionary(let entries): .dictionary(elidingEmptyValues(entries))
    case .array(let items): .array(items.map(elidingEmptyValues))
    default: value
    }
  }

  // MARK: Text

  /// A build setting read as a boolean, as Xcode reads it: `YES`, `yes`, `true`, a number that
  /// is not zero.
  static func isYes(_ text: String) -> Bool {
    var rest = Substring(text.trimmingSpaces)
    if rest.first == "+" || rest.first == "-" { rest = rest.dropFirst() }
    rest = rest.drop { $0 == "0" }
    guard let first = rest.first else { return false }
    return "YyTt123456789".contains(first)
  }

  /// The items of a list setting: words separated by spaces, `"quoted words"` whole.
  static func words(_ text: String) -> [String] {
    var words: [String] = []
    var current = ""
    var quote: Character?
    var hasWord = false
    var escaped = false
    for character in text {
      if escaped {
        current.append(character)
        escaped = false
      } else if character == "\\" {
        escaped = true
        hasWord = true
      } else if let open = quote {
        if character == open { quote = nil } else { current.append(character) }
      } else if character == "\"" || character == "'" {
        quote = character
        hasWord = true
      } else if character == " " || character == "\t" {
        if hasWord || !current.isEmpty { words.append(current) }
        current = ""
        hasWord = false
      } else {
        current.append(character)
      }
    }
    if hasWord || !current.isEmpty { words.append(current) }
    return words
  }
}

extension String {
  fileprivate func replacingSuffix(_ suffix: String, with replacement: String) -> String {
    hasSuffix(suffix) ? String(dropLast(suffix.count)) + replacement : self
  }
}
