import Foundation

/// iOS app repositories for `lifescript init`'s tests, written to a scratch folder at test
/// time: a `project.pbxproj` in the format Xcode writes (sections, comments, tabs), the app's
/// Info.plist and storyboards. Shapes follow Xcode's templates of several eras: the Xcode 10
/// app-delegate app (`objectVersion = 50`), the Xcode 11-12 scene app with an Info.plist file,
/// the Xcode 13+ app with a generated Info.plist, and apps that make their window in code.
final class AppRepository {
  /// The scratch folder that holds the repository.
  let base: String
  /// The folder of the `.xcodeproj`, where `lifescript init` runs.
  var folder: String { base + "/repo" }

  struct App {
    /// The target, product and project name (`My App` makes `My App.xcodeproj`).
    var name: String
    var objectVersion = 54
    /// The Info.plist file's `<dict>` body, written to `<name>/Info.plist`; nil for none.
    var infoPlist: String?
    /// Build settings of the target, beyond the name, identifier and Info.plist file.
    var settings: [String: String] = [:]
    /// Storyboards (name → XML) in `<name>/Base.lproj/`, shipped by the target.
    var storyboards: [String: String] = [:]
    /// Xcode 16's layout: the app's folder is a synchronized folder (every file in it is the
    /// target's, the Info.plist excepted), with no file references.
    var synchronized = false
  }

  init(_ app: App) throws {
    base =
      URL(fileURLWithPath: NSTemporaryDirectory())
      .appendingPathComponent("lifescript-init-" + UUID().uuidString)
      .resolvingSymlinksInPath().path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try write("\(app.name).xcodeproj/project.pbxproj", Self.projectFile(app))
    if let body = app.infoPlist {
      try write("\(app.name)/Info.plist", Self.plist(body))
    }
    for (name, xml) in app.storyboards {
      try write("\(app.name)/Base.lproj/\(name).storyboard", xml)
    }
  }

  deinit { try? FileManager.default.removeItem(atPath: base) }

  /// Writes `text` at `path` in the repository's folder.
  func write(_ path: String, _ text: String) throws {
    let url = URL(fileURLWithPath: folder + "/" + path)
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try text.write(to: url, atomically: true, encoding: .utf8)
  }

  func read(_ path: String) throws -> String {
    try String(contentsOfFile: folder + "/" + path, encoding: .utf8)
  }

  func exists(_ path: String) -> Bool {
    FileManager.default.fileExists(atPath: folder + "/" + path)
  }

  /// Runs `lifescript` in the repository's folder (or `directory` below it).
  func run(_ arguments: [String], in directory: String = "") throws -> CommandLine.Result {
    try CommandLine.run(
      arguments, in: URL(fileURLWithPath: directory.isEmpty ? folder : folder + "/" + directory),
      seconds: 60)
  }

  // MARK: Info.plist and storyboards

  static func plist(_ body: String) -> String {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0">
    <dict>
    \(body)
    </dict>
    </plist>

    """
  }

  /// The keys every template's Info.plist starts with.
  static let bundleKeys = """
    \t<key>CFBundleDevelopmentRegion</key>
    \t<string>$(DEVELOPMENT_LANGUAGE)</string>
    \t<key>CFBundleExecutable</key>
    \t<string>$(EXECUTABLE_NAME)</string>
    \t<key>CFBundleIdentifier</key>
    \t<string>$(PRODUCT_BUNDLE_IDENTIFIER)</string>
    \t<key>CFBundleName</key>
    \t<string>$(PRODUCT_NAME)</string>
    \t<key>CFBundlePackageType</key>
    \t<string>$(PRODUCT_BUNDLE_PACKAGE_TYPE)</string>
    \t<key>LSRequiresIPhoneOS</key>
    \t<true/>
    """

  /// Xcode 11's scene manifest: one configuration, its delegate `$(PRODUCT_MODULE_NAME).…`,
  /// with `storyboard` as its `UISceneStoryboardFile` when given.
  static func sceneManifest(delegate: String = "SceneDelegate", storyboard: String?) -> String {
    """
    \t<key>UIApplicationSceneManifest</key>
    \t<dict>
    \t\t<key>UIApplicationSupportsMultipleScenes</key>
    \t\t<false/>
    \t\t<key>UISceneConfigurations</key>
    \t\t<dict>
    \t\t\t<key>UIWindowSceneSessionRoleApplication</key>
    \t\t\t<array>
    \t\t\t\t<dict>
    \t\t\t\t\t<key>UISceneConfigurationName</key>
    \t\t\t\t\t<string>Default Configuration</string>
    \t\t\t\t\t<key>UISceneDelegateClassName</key>
    \t\t\t\t\t<string>$(PRODUCT_MODULE_NAME).\(delegate)</string>
    \(storyboard.map { "\t\t\t\t\t<key>UISceneStoryboardFile</key>\n\t\t\t\t\t<string>\($0)</string>" } ?? "")
    \t\t\t\t</dict>
    \t\t\t</array>
    \t\t</dict>
    \t</dict>
    """
  }

  /// A storyboard as Xcode writes it, with one scene per controller: (element, customClass,
  /// customModule) — a nil module is the target's, `targetModule` with
  /// `customModuleProvider="target"`. The first is the initial view controller.
  static func storyboard(
    _ controllers: [(element: String, customClass: String?, module: String?)],
    module targetModule: String = "App", launchScreen: Bool = false
  ) -> String {
    var scenes = ""
    for (index, controller) in controllers.enumerated() {
      var attributes = "id=\"vc\(index)-aa-bbb\""
      if let custom = controller.customClass {
        attributes += " customClass=\"\(custom)\""
        attributes +=
          controller.module.map { " customModule=\"\($0)\"" }
          ?? " customModule=\"\(targetModule)\" customModuleProvider=\"target\""
      }
      scenes += """
                <!--Scene \(index)-->
                <scene sceneID="sc\(index)-aa-bbb">
                    <objects>
                        <\(controller.element) \(attributes) sceneMemberID="viewController">
                            <view key="view" contentMode="scaleToFill" id="vw\(index)-aa-bbb">
                                <rect key="frame" x="0.0" y="0.0" width="414" height="896"/>
                                <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                            </view>
                        </\(controller.element)>
                        <placeholder placeholderIdentifier="IBFirstResponder" id="fr\(index)-aa-bbb" userLabel="First Responder" sceneMemberID="firstResponder"/>
                    </objects>
                    <point key="canvasLocation" x="\(index * 200)" y="94"/>
                </scene>

        """
    }
    let initial = controllers.isEmpty ? "" : " initialViewController=\"vc0-aa-bbb\""
    let launch = launchScreen ? " launchScreen=\"YES\"" : ""
    return """
      <?xml version="1.0" encoding="UTF-8"?>
      <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="21701" targetRuntime="iOS.CocoaTouch"\(launch) propertyAccessControl="none" useAutolayout="YES" useTraitCollections="YES" useSafeAreas="YES" colorMatched="YES"\(initial)>
          <device id="retina6_12" orientation="portrait" appearance="light"/>
          <dependencies>
              <plugIn identifier="com.apple.InterfaceBuilder.IBCocoaTouchPlugin" version="21678"/>
          </dependencies>
          <scenes>
      \(scenes)    </scenes>
      </document>

      """
  }

  /// Xcode's launch screen: a plain view controller, `launchScreen="YES"`.
  static let launchScreen = storyboard(
    [(element: "viewController", customClass: nil, module: nil)], launchScreen: true)

  // MARK: The project file

  /// The `project.pbxproj` of a one-target app, in Xcode's layout: sections in order, `/* */`
  /// comments after IDs, tabs.
  static func projectFile(_ app: App) -> String {
    let quotedName = quoted(app.name)
    let storyboards = app.storyboards.keys.sorted()
    func id(_ kind: String, _ number: Int) -> String {
      kind + String(repeating: "0", count: 23 - String(number).count) + String(number)
    }
    var buildFiles = ""
    var fileReferences =
      "\t\t\(id("F", 0)) /* \(app.name).app */ = {isa = PBXFileReference; explicitFileType = wrapper.application; includeInIndex = 0; path = \(quoted(app.name + ".app")); sourceTree = BUILT_PRODUCTS_DIR; };\n"
    var variantGroups = ""
    var groupChildren = ""
    var resources = ""
    for (index, name) in storyboards.enumerated() where !app.synchronized {
      let number = index + 1
      buildFiles +=
        "\t\t\(id("B", number)) /* \(name).storyboard in Resources */ = {isa = PBXBuildFile; fileRef = \(id("V", number)) /* \(name).storyboard */; };\n"
      fileReferences +=
        "\t\t\(id("F", number)) /* Base */ = {isa = PBXFileReference; lastKnownFileType = file.storyboard; name = Base; path = Base.lproj/\(name).storyboard; sourceTree = \"<group>\"; };\n"
      variantGroups += """
        \t\t\(id("V", number)) /* \(name).storyboard */ = {
        \t\t\tisa = PBXVariantGroup;
        \t\t\tchildren = (
        \t\t\t\t\(id("F", number)) /* Base */,
        \t\t\t);
        \t\t\tname = \(name).storyboard;
        \t\t\tsourceTree = "<group>";
        \t\t};

        """
      groupChildren += "\t\t\t\t\(id("V", number)) /* \(name).storyboard */,\n"
      resources += "\t\t\t\t\(id("B", number)) /* \(name).storyboard in Resources */,\n"
    }
    if app.infoPlist != nil, !app.synchronized {
      fileReferences +=
        "\t\t\(id("F", 99)) /* Info.plist */ = {isa = PBXFileReference; lastKnownFileType = text.plist.xml; path = Info.plist; sourceTree = \"<group>\"; };\n"
      groupChildren += "\t\t\t\t\(id("F", 99)) /* Info.plist */,\n"
    }
    var settings = app.settings
    settings["PRODUCT_NAME"] = "$(TARGET_NAME)"
    settings["PRODUCT_BUNDLE_IDENTIFIER"] = "com.example.app"
    if app.infoPlist != nil { settings["INFOPLIST_FILE"] = "\(app.name)/Info.plist" }
    let targetSettings = settings.sorted { $0.key < $1.key }.map {
      "\t\t\t\t\($0.key) = \(quoted($0.value));\n"
    }.joined()
    func configuration(_ number: Int, _ name: String, _ body: String) -> String {
      """
      \t\t\(id("C", number)) /* \(name) */ = {
      \t\t\tisa = XCBuildConfiguration;
      \t\t\tbuildSettings = {
      \(body)\t\t\t};
      \t\t\tname = \(name);
      \t\t};

      """
    }
    // Xcode 16: the synchronized folder, and its exception for the Info.plist, which is not a
    // resource of the target.
    var synchronizedSections = ""
    if app.synchronized {
      let exception =
        app.infoPlist == nil
        ? ""
        : """
        /* Begin PBXFileSystemSynchronizedBuildFileExceptionSet section */
        \t\t\(id("E", 1)) /* Exceptions for "\(app.name)" folder in "\(app.name)" target */ = {
        \t\t\tisa = PBXFileSystemSynchronizedBuildFileExceptionSet;
        \t\t\tmembershipExceptions = (
        \t\t\t\tInfo.plist,
        \t\t\t);
        \t\t\ttarget = \(id("T", 1)) /* \(app.name) */;
        \t\t};
        /* End PBXFileSystemSynchronizedBuildFileExceptionSet section */


        """
      let exceptions =
        app.infoPlist == nil
        ? ""
        : "\t\t\texceptions = (\n\t\t\t\t\(id("E", 1)) /* Exceptions for \"\(app.name)\" folder in \"\(app.name)\" target */,\n\t\t\t);\n"
      synchronizedSections = """
        \(exception)/* Begin PBXFileSystemSynchronizedRootGroup section */
        \t\t\(id("S", 1)) /* \(app.name) */ = {
        \t\t\tisa = PBXFileSystemSynchronizedRootGroup;
        \(exceptions)\t\t\tpath = \(quotedName);
        \t\t\tsourceTree = "<group>";
        \t\t};
        /* End PBXFileSystemSynchronizedRootGroup section */


        """
    }
    let appGroup = app.synchronized ? id("S", 1) : id("G", 1)
    let plainGroup =
      app.synchronized
      ? ""
      : """
      \t\t\(id("G", 1)) /* \(app.name) */ = {
      \t\t\tisa = PBXGroup;
      \t\t\tchildren = (
      \(groupChildren)\t\t\t);
      \t\t\tpath = \(quotedName);
      \t\t\tsourceTree = "<group>";
      \t\t};

      """
    let synchronizedGroups =
      app.synchronized
      ? "\t\t\tfileSystemSynchronizedGroups = (\n\t\t\t\t\(id("S", 1)) /* \(app.name) */,\n\t\t\t);\n"
      : ""
    let projectSettings =
      "\t\t\t\tIPHONEOS_DEPLOYMENT_TARGET = 15.0;\n\t\t\t\tSDKROOT = iphoneos;\n"
    return """
      // !$*UTF8*$!
      {
      \tarchiveVersion = 1;
      \tclasses = {
      \t};
      \tobjectVersion = \(app.objectVersion);
      \tobjects = {

      /* Begin PBXBuildFile section */
      \(buildFiles)/* End PBXBuildFile section */

      /* Begin PBXFileReference section */
      \(fileReferences)/* End PBXFileReference section */

      \(synchronizedSections)/* Begin PBXGroup section */
      \t\t\(id("G", 0)) = {
      \t\t\tisa = PBXGroup;
      \t\t\tchildren = (
      \t\t\t\t\(appGroup) /* \(app.name) */,
      \t\t\t\t\(id("G", 2)) /* Products */,
      \t\t\t);
      \t\t\tsourceTree = "<group>";
      \t\t};
      \(plainGroup)\t\t\(id("G", 2)) /* Products */ = {
      \t\t\tisa = PBXGroup;
      \t\t\tchildren = (
      \t\t\t\t\(id("F", 0)) /* \(app.name).app */,
      \t\t\t);
      \t\t\tname = Products;
      \t\t\tsourceTree = "<group>";
      \t\t};
      /* End PBXGroup section */

      /* Begin PBXNativeTarget section */
      \t\t\(id("T", 1)) /* \(app.name) */ = {
      \t\t\tisa = PBXNativeTarget;
      \t\t\tbuildConfigurationList = \(id("L", 2)) /* Build configuration list for PBXNativeTarget "\(app.name)" */;
      \t\t\tbuildPhases = (
      \t\t\t\t\(id("P", 2)) /* Resources */,
      \t\t\t);
      \t\t\tbuildRules = (
      \t\t\t);
      \t\t\tdependencies = (
      \t\t\t);
      \(synchronizedGroups)\t\t\tname = \(quotedName);
      \t\t\tproductName = \(quotedName);
      \t\t\tproductReference = \(id("F", 0)) /* \(app.name).app */;
      \t\t\tproductType = "com.apple.product-type.application";
      \t\t};
      /* End PBXNativeTarget section */

      /* Begin PBXProject section */
      \t\t\(id("R", 1)) /* Project object */ = {
      \t\t\tisa = PBXProject;
      \t\t\tbuildConfigurationList = \(id("L", 1)) /* Build configuration list for PBXProject "\(app.name)" */;
      \t\t\tcompatibilityVersion = "Xcode 9.3";
      \t\t\tdevelopmentRegion = en;
      \t\t\thasScannedForEncodings = 0;
      \t\t\tknownRegions = (
      \t\t\t\ten,
      \t\t\t\tBase,
      \t\t\t);
      \t\t\tmainGroup = \(id("G", 0));
      \t\t\tproductRefGroup = \(id("G", 2)) /* Products */;
      \t\t\tprojectDirPath = "";
      \t\t\tprojectRoot = "";
      \t\t\ttargets = (
      \t\t\t\t\(id("T", 1)) /* \(app.name) */,
      \t\t\t);
      \t\t};
      /* End PBXProject section */

      /* Begin PBXResourcesBuildPhase section */
      \t\t\(id("P", 2)) /* Resources */ = {
      \t\t\tisa = PBXResourcesBuildPhase;
      \t\t\tbuildActionMask = 2147483647;
      \t\t\tfiles = (
      \(resources)\t\t\t);
      \t\t\trunOnlyForDeploymentPostprocessing = 0;
      \t\t};
      /* End PBXResourcesBuildPhase section */

      /* Begin PBXVariantGroup section */
      \(variantGroups)/* End PBXVariantGroup section */

      /* Begin XCBuildConfiguration section */
      \(configuration(1, "Debug", projectSettings))\(configuration(2, "Release", projectSettings))\(configuration(3, "Debug", targetSettings))\(configuration(4, "Release", targetSettings))/* End XCBuildConfiguration section */

      /* Begin XCConfigurationList section */
      \t\t\(id("L", 1)) /* Build configuration list for PBXProject "\(app.name)" */ = {
      \t\t\tisa = XCConfigurationList;
      \t\t\tbuildConfigurations = (
      \t\t\t\t\(id("C", 1)) /* Debug */,
      \t\t\t\t\(id("C", 2)) /* Release */,
      \t\t\t);
      \t\t\tdefaultConfigurationIsVisible = 0;
      \t\t\tdefaultConfigurationName = Release;
      \t\t};
      \t\t\(id("L", 2)) /* Build configuration list for PBXNativeTarget "\(app.name)" */ = {
      \t\t\tisa = XCConfigurationList;
      \t\t\tbuildConfigurations = (
      \t\t\t\t\(id("C", 3)) /* Debug */,
      \t\t\t\t\(id("C", 4)) /* Release */,
      \t\t\t);
      \t\t\tdefaultConfigurationIsVisible = 0;
      \t\t\tdefaultConfigurationName = Release;
      \t\t};
      /* End XCConfigurationList section */
      \t};
      \trootObject = \(id("R", 1)) /* Project object */;
      }

      """
  }

  /// A string as Xcode writes it in a project file: bare when it is letters, digits and
  /// `_$/:.-`, else quoted with `\` and `"` escaped.
  static func quoted(_ text: String) -> String {
    let bare =
      !text.isEmpty
      && text.unicodeScalars.allSatisfy {
        $0.isASCII
          && ($0.properties.isAlphabetic || ("0"..."9").contains($0)
            || "_$/:.-".unicodeScalars.contains($0))
      }
    if bare { return text }
    return "\""
      + text.replacingOccurrences(of: "\\", with: "\\\\")
      .replacingOccurrences(of: "\"", with: "\\\"") + "\""
  }
}
