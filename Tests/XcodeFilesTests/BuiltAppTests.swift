import Testing

@testable import XcodeFiles

@Suite struct BuiltAppTests {
  /// The Info.plist of Xcode 11's scene template, as the file says it.
  static let sceneTemplateInfo: [String: PlistValue] = [
    "CFBundleExecutable": .string("$(EXECUTABLE_NAME)"),
    "CFBundleIdentifier": .string("$(PRODUCT_BUNDLE_IDENTIFIER)"),
    "CFBundleName": .string("$(PRODUCT_NAME)"),
    "CFBundleDevelopmentRegion": .string("$(DEVELOPMENT_LANGUAGE)"),
    "CFBundlePackageType": .string("$(PRODUCT_BUNDLE_PACKAGE_TYPE)"),
    "CFBundleShortVersionString": .string("$(MARKETING_VERSION)"),
    "UIMainStoryboardFile": .string("Main"),
    "UILaunchStoryboardName": .string("LaunchScreen"),
    "UIApplicationSceneManifest": .dictionary([
      "UIApplicationSupportsMultipleScenes": .bool(false),
      "UISceneConfigurations": .dictionary([
        "UIWindowSceneSessionRoleApplication": .array([
          .dictionary([
            "UISceneConfigurationName": .string("Default Configuration"),
            "UISceneDelegateClassName": .string("$(PRODUCT_MODULE_NAME).SceneDelegate"),
            "UISceneStoryboardFile": .string("Main"),
          ])
        ])
      ]),
    ]),
  ]

  static func files(
    project: String = ProjectFixtures.minimalProjectFile,
    info: [String: PlistValue]? = sceneTemplateInfo, texts: [String: String] = [:]
  ) -> ProjectFiles {
    var memory = MemoryFiles()
    memory.texts = texts
    memory.texts["Demo.xcodeproj/project.pbxproj"] = project
    if let info { memory.propertyLists["Demo/Info.plist"] = info }
    return memory.files
  }

  static func build(
    _ project: String = ProjectFixtures.minimalProjectFile,
    info: [String: PlistValue]? = sceneTemplateInfo, texts: [String: String] = [:],
    target: String? = nil, configuration: String? = nil
  ) throws -> BuiltApp {
    try BuiltApp.build(
      project: "Demo.xcodeproj", target: target, configuration: configuration,
      files: files(project: project, info: info, texts: texts))
  }

  static func failure(
    _ project: String, info: [String: PlistValue]? = sceneTemplateInfo,
    texts: [String: String] = [:], target: String? = nil, configuration: String? = nil
  ) -> String? {
    do {
      _ = try build(
        project, info: info, texts: texts, target: target, configuration: configuration)
      return nil
    } catch {
      return "\(error)"
    }
  }

  // MARK: The template's Info.plist

  @Test func theTemplatesVariablesAreExpanded() throws {
    let app = try Self.build()
    #expect(app.target == "Demo")
    #expect(app.configuration == "Debug")
    #expect(app.infoPlist["CFBundleIdentifier"] == .string("com.example.Demo"))
    #expect(app.infoPlist["CFBundleExecutable"] == .string("Demo"))
    #expect(app.infoPlist["CFBundlePackageType"] == .string("APPL"))
    #expect(app.infoPlist["CFBundleDevelopmentRegion"] == .string("en"))
    #expect(app.infoPlist["CFBundleShortVersionString"] == nil)  // empty: elided, as Xcode does
    #expect(app.infoPlist["MinimumOSVersion"] == .string("14.0"))
    #expect(app.infoPlist["UIDeviceFamily"] == .array([.integer(1), .integer(2)]))
    guard case .dictionary(let manifest) = app.infoPlist["UIApplicationSceneManifest"],
      case .dictionary(let configurations) = manifest["UISceneConfigurations"],
      case .array(let roles) = configurations["UIWindowSceneSessionRoleApplication"],
      case .dictionary(let first) = roles.first
    else {
      Issue.record("no scene configuration")
      return
    }
    #expect(first["UISceneDelegateClassName"] == .string("Demo.SceneDelegate"))
    #expect(app.buildSettings["PRODUCT_MODULE_NAME"] == "Demo")
    #expect(app.warnings == [])
  }

  @Test func theStoryboardsAreTheBaseVariantsOfTheResources() throws {
    let app = try Self.build()
    #expect(
      app.storyboards == [
        .init(name: "LaunchScreen", path: "Demo/Base.lproj/LaunchScreen.storyboard"),
        .init(name: "Main", path: "Demo/Base.lproj/Main.storyboard"),
      ])
  }

  /// The minimal project with its launch screen as Xcode 6's template made it, a `.xib`.
  static let xibLaunchScreenProject = ProjectFixtures.minimalProjectFile
    .split(separator: "LaunchScreen.storyboard", omittingEmptySubsequences: false)
    .joined(separator: "LaunchScreen.xib")
    .split(
      separator:
        "lastKnownFileType = file.storyboard; name = Base; path = Base.lproj/LaunchScreen.xib",
      omittingEmptySubsequences: false
    )
    .joined(
      separator: "lastKnownFileType = file.xib; name = Base; path = Base.lproj/LaunchScreen.xib")

  @Test func aXibIsShippedWhenTheInfoPlistNamesItAsTheLaunchScreen() throws {
    #expect(Self.xibLaunchScreenProject.contains("lastKnownFileType = file.xib;"))
    #expect(
      try Self.build(Self.xibLaunchScreenProject).storyboards == [
        .init(name: "LaunchScreen", path: "Demo/Base.lproj/LaunchScreen.xib"),
        .init(name: "Main", path: "Demo/Base.lproj/Main.storyboard"),
      ])
    // A .xib the Info.plist does not name is some view's, not a file UIKit loads at launch.
    var info = Self.sceneTemplateInfo
    info["UILaunchStoryboardName"] = nil
    #expect(
      try Self.build(Self.xibLaunchScreenProject, info: info).storyboards == [
        .init(name: "Main", path: "Demo/Base.lproj/Main.storyboard")
      ])
    info["UILaunchStoryboardName~iphone"] = .string("LaunchScreen")
    #expect(
      try Self.build(Self.xibLaunchScreenProject, info: info).storyboards.map(\.name) == [
        "LaunchScreen", "Main",
      ])
  }

  @Test func theSummarySaysWhatWasChosen() throws {
    #expect(
      try Self.build().summary
        == "Demo.xcodeproj: target Demo, configuration Debug (of Debug, Release), module Demo, Info.plist Demo/Info.plist, storyboards LaunchScreen, Main"
    )
  }

  // MARK: Configurations

  @Test func debugIsTheDefaultNotDefaultConfigurationName() throws {
    let project = ProjectFixtures.minimalProjectFile.replacing(
      "PRODUCT_NAME = \"$(TARGET_NAME)\";\n\t\t\t\tTARGETED_DEVICE_FAMILY = \"1,2\";\n\t\t\t};\n\t\t\tname = Release;",
      with:
        "PRODUCT_NAME = Shipping;\n\t\t\t\tTARGETED_DEVICE_FAMILY = \"1,2\";\n\t\t\t};\n\t\t\tname = Release;"
    )
    #expect(try Self.build(project).buildSettings["PRODUCT_NAME"] == "Demo")
    #expect(
      try Self.build(project, configuration: "Release").buildSettings["PRODUCT_NAME"]
        == "Shipping")
  }

  @Test func anUnknownConfigurationIsAnErrorListingTheOthers() {
    #expect(
      Self.failure(ProjectFixtures.minimalProjectFile, configuration: "Beta")
        == "the target Demo of Demo.xcodeproj has no configuration Beta; its configurations: Debug, Release; choose one with Project(\"Demo.xcodeproj\", { configuration = \"Debug\" })"
    )
  }

  // MARK: Where settings come from

  /// The minimal project with xcconfig files under the project's and the target's Debug.
  static let layeredProject = ProjectFixtures.minimalProjectFile
    .replacing(
      "C0000000000000000000C001 /* Debug */ = {\n\t\t\tisa = XCBuildConfiguration;",
      with:
        "C0000000000000000000C001 /* Debug */ = {\n\t\t\tisa = XCBuildConfiguration;\n\t\t\tbaseConfigurationReference = X0000000000000000000X001 /* Project.xcconfig */;"
    )
    .replacing(
      "C0000000000000000000C003 /* Debug */ = {\n\t\t\tisa = XCBuildConfiguration;",
      with:
        "C0000000000000000000C003 /* Debug */ = {\n\t\t\tisa = XCBuildConfiguration;\n\t\t\tbaseConfigurationReference = X0000000000000000000X002 /* Target.xcconfig */;"
    )
    .replacing(
      "/* End PBXFileReference section */",
      with: """
        \t\tX0000000000000000000X001 /* Project.xcconfig */ = {isa = PBXFileReference; lastKnownFileType = text.xcconfig; path = Config/Project.xcconfig; sourceTree = SOURCE_ROOT; };
        \t\tX0000000000000000000X002 /* Target.xcconfig */ = {isa = PBXFileReference; lastKnownFileType = text.xcconfig; path = Config/Target.xcconfig; sourceTree = SOURCE_ROOT; };
        /* End PBXFileReference section */
        """
    )
    .replacing(
      "IPHONEOS_DEPLOYMENT_TARGET = 14.0;\n\t\t\t\tSDKROOT = iphoneos;\n\t\t\t};\n\t\t\tname = Debug;",
      with:
        "IPHONEOS_DEPLOYMENT_TARGET = 14.0;\n\t\t\t\tLAYER = \"$(inherited) project\";\n\t\t\t\tSDKROOT = iphoneos;\n\t\t\t};\n\t\t\tname = Debug;"
    )
    .replacing(
      "TARGETED_DEVICE_FAMILY = \"1,2\";\n\t\t\t};\n\t\t\tname = Debug;",
      with:
        "LAYER = \"$(inherited) target\";\n\t\t\t\tTARGETED_DEVICE_FAMILY = \"1,2\";\n\t\t\t};\n\t\t\tname = Debug;"
    )

  @Test func settingsLayerInXcodesOrder() throws {
    var info = Self.sceneTemplateInfo
    info["Layers"] = .string("$(LAYER)")
    let app = try Self.build(
      Self.layeredProject, info: info,
      texts: [
        "Config/Project.xcconfig": "LAYER = project-xcconfig\n",
        "Config/Target.xcconfig": "LAYER = $(inherited) target-xcconfig\n",
      ])
    #expect(app.infoPlist["Layers"] == .string("project-xcconfig project target-xcconfig target"))
    #expect(app.warnings == [])
  }

  @Test func aMissingBaseConfigurationIsAWarningAndTheLoadGoesOn() throws {
    let app = try Self.build(
      Self.layeredProject, texts: ["Config/Project.xcconfig": "LAYER = project-xcconfig\n"])
    #expect(
      app.warnings.map(\.description) == [
        "warning[project-file]: Demo.xcodeproj: the base configuration file of the target Demo (Debug) is missing: Config/Target.xcconfig; the load goes on without its settings, as in Xcode"
      ])
    #expect(app.infoPlist["CFBundleIdentifier"] == .string("com.example.Demo"))
  }

  @Test func xcode16AnchorsTheBaseConfigurationInASynchronizedFolder() throws {
    let project = ProjectFixtures.minimalProjectFile
      .replacing(
        "C0000000000000000000C003 /* Debug */ = {\n\t\t\tisa = XCBuildConfiguration;",
        with:
          "C0000000000000000000C003 /* Debug */ = {\n\t\t\tisa = XCBuildConfiguration;\n\t\t\tbaseConfigurationReferenceAnchor = S0000000000000000000S001 /* Configuration */;\n\t\t\tbaseConfigurationReferenceRelativePath = Debug.xcconfig;"
      )
      .replacing(
        "/* End PBXFileReference section */",
        with: """
          /* End PBXFileReference section */

          /* Begin PBXFileSystemSynchronizedRootGroup section */
          \t\tS0000000000000000000S001 /* Configuration */ = {isa = PBXFileSystemSynchronizedRootGroup; path = Configuration; sourceTree = "<group>"; };
          /* End PBXFileSystemSynchronizedRootGroup section */
          """
      )
      .replacing(
        "\t\t\t\tG0000000000000000000G001 /* Demo */,\n",
        with:
          "\t\t\t\tS0000000000000000000S001 /* Configuration */,\n\t\t\t\tG0000000000000000000G001 /* Demo */,\n"
      )
    let app = try Self.build(
      project, texts: ["Configuration/Debug.xcconfig": "PRODUCT_BUNDLE_IDENTIFIER = org.anchor\n"]
    )
    // The target's own setting still wins over its xcconfig.
    #expect(app.infoPlist["CFBundleIdentifier"] == .string("com.example.Demo"))
    let withoutOwn = project.replacing(
      "\t\t\t\tPRODUCT_BUNDLE_IDENTIFIER = \"com.example.$(PRODUCT_NAME:rfc1034identifier)\";\n\t\t\t\tPRODUCT_NAME = \"$(TARGET_NAME)\";\n\t\t\t\tTARGETED_DEVICE_FAMILY = \"1,2\";\n\t\t\t};\n\t\t\tname = Debug;",
      with:
        "\t\t\t\tPRODUCT_NAME = \"$(TARGET_NAME)\";\n\t\t\t\tTARGETED_DEVICE_FAMILY = \"1,2\";\n\t\t\t};\n\t\t\tname = Debug;"
    )
    let anchored = try Self.build(
      withoutOwn,
      texts: ["Configuration/Debug.xcconfig": "PRODUCT_BUNDLE_IDENTIFIER = org.anchor\n"])
    #expect(anchored.infoPlist["CFBundleIdentifier"] == .string("org.anchor"))
  }

  @Test func aCycleTheInfoPlistNeedsIsAnError() {
    let project = ProjectFixtures.minimalProjectFile.replacing(
      "PRODUCT_NAME = \"$(TARGET_NAME)\";\n\t\t\t\tTARGETED_DEVICE_FAMILY = \"1,2\";\n\t\t\t};\n\t\t\tname = Debug;",
      with:
        "PRODUCT_NAME = \"$(OTHER_NAME)\";\n\t\t\t\tOTHER_NAME = \"$(PRODUCT_NAME)\";\n\t\t\t\tTARGETED_DEVICE_FAMILY = \"1,2\";\n\t\t\t};\n\t\t\tname = Debug;"
    )
    #expect(
      Self.failure(project)
        == "the build settings PRODUCT_NAME = $(OTHER_NAME) (Demo.xcodeproj (target Demo, Debug)) → OTHER_NAME = $(PRODUCT_NAME) (Demo.xcodeproj (target Demo, Debug)) → PRODUCT_NAME refer to each other in a cycle; Xcode would leave them empty, lifescript stops: break the cycle"
    )
  }

  // MARK: The Info.plist

  @Test func aMissingInfoPlistFileIsAnErrorNamingTheSetting() {
    #expect(
      Self.failure(ProjectFixtures.minimalProjectFile, info: nil)
        == "the Info.plist of the target Demo does not exist: Demo/Info.plist (INFOPLIST_FILE = Demo/Info.plist, set in Demo.xcodeproj (target Demo, Debug))"
    )
  }

  static let generatedProject = ProjectFixtures.minimalProjectFile.replacing(
    "INFOPLIST_FILE = Demo/Info.plist;\n\t\t\t\tPRODUCT_BUNDLE_IDENTIFIER = \"com.example.$(PRODUCT_NAME:rfc1034identifier)\";\n\t\t\t\tPRODUCT_NAME = \"$(TARGET_NAME)\";\n\t\t\t\tTARGETED_DEVICE_FAMILY = \"1,2\";\n\t\t\t};\n\t\t\tname = Debug;",
    with: """
      CURRENT_PROJECT_VERSION = 1;
      \t\t\t\tGENERATE_INFOPLIST_FILE = YES;
      \t\t\t\tINFOPLIST_KEY_UIApplicationSceneManifest_Generation = YES;
      \t\t\t\tINFOPLIST_KEY_UIApplicationSupportsIndirectInputEvents = YES;
      \t\t\t\tINFOPLIST_KEY_UILaunchScreen_Generation = YES;
      \t\t\t\tINFOPLIST_KEY_UIMainStoryboardFile = Main;
      \t\t\t\tINFOPLIST_KEY_UISupportedInterfaceOrientations_iPad = "UIInterfaceOrientationPortrait UIInterfaceOrientationLandscapeLeft";
      \t\t\t\tINFOPLIST_KEY_UISupportedInterfaceOrientations_iPhone = UIInterfaceOrientationPortrait;
      \t\t\t\tMARKETING_VERSION = 1.0;
      \t\t\t\tPRODUCT_BUNDLE_IDENTIFIER = "com.example.$(PRODUCT_NAME:rfc1034identifier)";
      \t\t\t\tPRODUCT_NAME = "$(TARGET_NAME)";
      \t\t\t\tTARGETED_DEVICE_FAMILY = 1;
      \t\t\t};
      \t\t\tname = Debug;
      """)

  @Test func generatedKeysMakeTheInfoPlistWithoutAFile() throws {
    let app = try Self.build(Self.generatedProject, info: nil)
    #expect(
      app.infoPlist == [
        "CFBundleDevelopmentRegion": .string("en"),
        "CFBundleExecutable": .string("Demo"),
        "CFBundleIdentifier": .string("com.example.Demo"),
        "CFBundleInfoDictionaryVersion": .string("6.0"),
        "CFBundleName": .string("Demo"),
        "CFBundlePackageType": .string("APPL"),
        "CFBundleShortVersionString": .string("1.0"),
        "CFBundleVersion": .string("1"),
        "LSRequiresIPhoneOS": .bool(true),
        "MinimumOSVersion": .string("14.0"),
        "UIApplicationSceneManifest": .dictionary([
          "UIApplicationSupportsMultipleScenes": .bool(true),
          "UISceneConfigurations": .dictionary([:]),
        ]),
        "UIApplicationSupportsIndirectInputEvents": .bool(true),
        "UIDeviceFamily": .array([.integer(1)]),
        "UILaunchScreen": .dictionary([:]),
        "UIMainStoryboardFile": .string("Main"),
        "UISupportedInterfaceOrientations~ipad": .array([
          .string("UIInterfaceOrientationPortrait"),
          .string("UIInterfaceOrientationLandscapeLeft"),
        ]),
        "UISupportedInterfaceOrientations~iphone": .array([
          .string("UIInterfaceOrientationPortrait")
        ]),
      ])
    #expect(app.summary.contains("Info.plist generated (15 keys)"))
  }

  @Test func generatedKeysMergeOntoAPartialFile() throws {
    let project = Self.generatedProject.replacing(
      "CURRENT_PROJECT_VERSION = 1;",
      with: "CURRENT_PROJECT_VERSION = 1;\n\t\t\t\tINFOPLIST_FILE = Demo/Info.plist;")
    let app = try Self.build(
      project,
      info: [
        "UIApplicationSceneManifest": .dictionary([
          "UIApplicationSupportsMultipleScenes": .bool(false),
          "UISceneConfigurations": .dictionary([
            "UIWindowSceneSessionRoleApplication": .array([
              .dictionary([
                "UISceneDelegateClassName": .string("$(PRODUCT_MODULE_NAME).SceneDelegate")
              ])
            ])
          ]),
        ]),
        "CFBundleVersion": .string("from the file"),
      ])
    guard case .dictionary(let manifest) = app.infoPlist["UIApplicationSceneManifest"] else {
      Issue.record("no manifest")
      return
    }
    // One level deep: the generated manifest's keys replace the file's.
    #expect(manifest["UIApplicationSupportsMultipleScenes"] == .bool(true))
    #expect(manifest["UISceneConfigurations"] == .dictionary([:]))
    #expect(app.infoPlist["CFBundleVersion"] == .string("1"))
    #expect(app.summary.contains("Info.plist Demo/Info.plist + 15 generated keys"))
  }

  // MARK: Which target

  /// The minimal project with a second target, `Other`, of `productType` for `sdk`.
  static func withSecondTarget(productType: String, sdk: String) -> String {
    ProjectFixtures.minimalProjectFile
      .replacing(
        "\t\t\t\tT0000000000000000000T001 /* Demo */,\n\t\t\t);",
        with:
          "\t\t\t\tT0000000000000000000T001 /* Demo */,\n\t\t\t\tT0000000000000000000T002 /* Other */,\n\t\t\t);"
      )
      .replacing(
        "/* End PBXNativeTarget section */",
        with: """
          \t\tT0000000000000000000T002 /* Other */ = {
          \t\t\tisa = PBXNativeTarget;
          \t\t\tbuildConfigurationList = L0000000000000000000L003;
          \t\t\tbuildPhases = (
          \t\t\t);
          \t\t\tname = Other;
          \t\t\tproductType = "\(productType)";
          \t\t};
          /* End PBXNativeTarget section */
          """
      )
      .replacing(
        "/* End XCConfigurationList section */",
        with: """
          \t\tL0000000000000000000L003 = {
          \t\t\tisa = XCConfigurationList;
          \t\t\tbuildConfigurations = (
          \t\t\t\tC0000000000000000000C005 /* Debug */,
          \t\t\t);
          \t\t\tdefaultConfigurationName = Debug;
          \t\t};
          \t\tC0000000000000000000C005 /* Debug */ = {
          \t\t\tisa = XCBuildConfiguration;
          \t\t\tbuildSettings = {
          \t\t\t\tINFOPLIST_FILE = Demo/Info.plist;
          \t\t\t\tSDKROOT = \(sdk);
          \t\t\t};
          \t\t\tname = Debug;
          \t\t};
          /* End XCConfigurationList section */
          """
      )
  }

  @Test func aMacOSAppIsPassedOverAndTheTraceSaysSo() throws {
    let app = try Self.build(
      Self.withSecondTarget(productType: "com.apple.product-type.application", sdk: "macosx"))
    #expect(app.target == "Demo")
    #expect(app.summary.contains("target Demo (not Other (application for macosx))"))
  }

  @Test(arguments: [
    "com.apple.product-type.app-extension", "com.apple.product-type.application.watchapp2",
    "com.apple.product-type.bundle.unit-test",
    "com.apple.product-type.application.on-demand-install-capable",
  ])
  func extensionsWatchAppsAndTestsAreNotCandidates(productType: String) throws {
    #expect(
      try Self.build(Self.withSecondTarget(productType: productType, sdk: "iphoneos")).target
        == "Demo")
  }

  @Test func twoIOSAppsAreAnErrorListingThem() throws {
    let project = Self.withSecondTarget(
      productType: "com.apple.product-type.application", sdk: "iphoneos")
    #expect(
      Self.failure(project)
        == "Demo.xcodeproj has 2 iOS application targets: Demo, Other; name one with Project(\"Demo.xcodeproj\", { target = \"Demo\" })"
    )
    #expect(try Self.build(project, target: "Other").target == "Other")
  }

  @Test func noIOSAppIsAnErrorListingTheTargets() {
    let project = ProjectFixtures.minimalProjectFile.replacing(
      "productType = \"com.apple.product-type.application\";",
      with: "productType = \"com.apple.product-type.framework\";")
    #expect(
      Self.failure(project)
        == "Demo.xcodeproj has no iOS application target (an application product built for iphoneos); its targets: Demo (framework)"
    )
  }

  @Test func aNamedTargetThatIsNotAnIOSAppIsAnError() {
    let project = Self.withSecondTarget(
      productType: "com.apple.product-type.application", sdk: "macosx")
    #expect(
      Self.failure(project, target: "Other")
        == "the target Other (application for macosx) of Demo.xcodeproj is not an iOS application; lifescript runs an application product built for iphoneos (here: Demo)"
    )
    #expect(
      Self.failure(project, target: "Nope")
        == "Demo.xcodeproj has no target named Nope; its targets: Demo (application for iphoneos), Other (application for macosx)"
    )
  }

  // MARK: Bad project files

  @Test func aTruncatedProjectFileIsAnErrorWithLineAndColumn() {
    let text = String(ProjectFixtures.minimalProjectFile.prefix(400))
    let failure = Self.failure(text)
    #expect(failure?.hasPrefix("Demo.xcodeproj/project.pbxproj:") == true)
  }

  @Test func aMissingProjectFileSaysWhatProjectNeeds() {
    #expect(
      throws: ProjectError(
        "cannot open Missing.xcodeproj/project.pbxproj: there is no Xcode project at Missing.xcodeproj (Project needs the path of an .xcodeproj folder)"
      )
    ) {
      try BuiltApp.build(project: "Missing.xcodeproj", files: Self.files())
    }
  }

  @Test func aPropertyListThatIsNotAProjectIsAnError() {
    #expect(
      Self.failure("{ a = b; }")
        == "Demo.xcodeproj/project.pbxproj: there is no 'objects' dictionary: not an Xcode project file"
    )
  }

  // MARK: Synchronized folders

  /// The minimal project with its app's files in a synchronized folder, `App`, which leaves
  /// out Info.plist and Unused.storyboard.
  static let synchronizedProject = ProjectFixtures.minimalProjectFile
    .replacing(
      "\t\t\tname = Demo;\n\t\t\tproductName = Demo;",
      with:
        "\t\t\tfileSystemSynchronizedGroups = (\n\t\t\t\tS0000000000000000000S001 /* App */,\n\t\t\t);\n\t\t\tname = Demo;\n\t\t\tproductName = Demo;"
    )
    .replacing(
      "\t\t\t\tB0000000000000000000B003 /* LaunchScreen.storyboard in Resources */,\n\t\t\t\tB0000000000000000000B002 /* Main.storyboard in Resources */,\n",
      with: ""
    )
    .replacing(
      "/* End PBXFileReference section */",
      with: """
        /* End PBXFileReference section */

        /* Begin PBXFileSystemSynchronizedBuildFileExceptionSet section */
        \t\tE0000000000000000000E001 /* Exceptions for "App" folder in "Demo" target */ = {
        \t\t\tisa = PBXFileSystemSynchronizedBuildFileExceptionSet;
        \t\t\tmembershipExceptions = (
        \t\t\t\tInfo.plist,
        \t\t\t\tUnused.storyboard,
        \t\t\t);
        \t\t\ttarget = T0000000000000000000T001 /* Demo */;
        \t\t};
        /* End PBXFileSystemSynchronizedBuildFileExceptionSet section */

        /* Begin PBXFileSystemSynchronizedRootGroup section */
        \t\tS0000000000000000000S001 /* App */ = {isa = PBXFileSystemSynchronizedRootGroup; exceptions = (E0000000000000000000E001 /* Exceptions for "App" folder in "Demo" target */, ); path = App; sourceTree = "<group>"; };
        /* End PBXFileSystemSynchronizedRootGroup section */
        """
    )
    .replacing(
      "\t\t\t\tG0000000000000000000G001 /* Demo */,\n",
      with:
        "\t\t\t\tS0000000000000000000S001 /* App */,\n\t\t\t\tG0000000000000000000G001 /* Demo */,\n"
    )

  @Test func synchronizedFoldersShipTheirStoryboardsLessTheExceptions() throws {
    let project = Self.synchronizedProject
    let app = try Self.build(
      project,
      texts: [
        "App/Base.lproj/Main.storyboard": "<document/>",
        "App/fr.lproj/Main.storyboard": "<document/>",
        "App/Launch/LaunchScreen.storyboard": "<document/>",
        "App/Unused.storyboard": "<document/>",
        "App/Assets.xcassets/Inside.storyboard": "<document/>",
      ])
    #expect(
      app.storyboards == [
        .init(name: "LaunchScreen", path: "App/Launch/LaunchScreen.storyboard"),
        .init(name: "Main", path: "App/Base.lproj/Main.storyboard"),
      ])
  }

  /// R17 of issue 29: a synchronized folder whose symbolic links lead back to it was walked
  /// to the 50,000-entry cap on every load, each link doubling the paths. Links are followed,
  /// and each folder is listed once: one that a link leads back to is not listed again.
  @Test func linksBackIntoASynchronizedFolderListEachFolderOnce() throws {
    var memory = MemoryFiles()
    memory.texts = [
      "Demo.xcodeproj/project.pbxproj": Self.synchronizedProject,
      "App/Base.lproj/Main.storyboard": "<document/>",
      "Shared/Flow.storyboard": "<document/>",
    ]
    memory.propertyLists["Demo/Info.plist"] = Self.sceneTemplateInfo
    // Two links to the folder itself and one to its language folder: 2^31 paths 32 deep. One
    // to a folder outside it, whose storyboard the target ships.
    memory.links = [
      "App/Again": "App", "App/Base.lproj/Up": "App", "App/Base.lproj/Here": "App/Base.lproj",
      "App/Shared": "Shared",
    ]
    let app = try BuiltApp.build(project: "Demo.xcodeproj", files: memory.files)
    #expect(app.warnings == [])
    #expect(
      app.storyboards == [
        .init(name: "Flow", path: "App/Shared/Flow.storyboard"),
        .init(name: "Main", path: "App/Base.lproj/Main.storyboard"),
      ])
    // App, App/Base.lproj and App/Shared; Demo/ and the project's folder are not listed.
    #expect(memory.listings.count == 3)
  }

  @Test func aClassNameWithASettingTheTargetDoesNotSetIsAWarning() throws {
    var info = Self.sceneTemplateInfo
    info["UIApplicationSceneManifest"] = .dictionary([
      "UISceneConfigurations": .dictionary([
        "UIWindowSceneSessionRoleApplication": .array([
          .dictionary(["UISceneDelegateClassName": .string("$(APP_MODULE).SceneDelegate")])
        ])
      ])
    ])
    #expect(
      try Self.build(info: info).warnings.map(\.description) == [
        "warning[unresolved-class-name]: Demo.xcodeproj: the Info.plist's UISceneDelegateClassName $(APP_MODULE).SceneDelegate names the build setting APP_MODULE, which the target Demo does not set (Debug), so UIKit looks for the class \".SceneDelegate\"; to fix, set it in the target's build settings or an xcconfig file (see Documentation/Reference/xcode-projects.md#class-names)"
      ])
  }

  @Test func oddSettingsTheInfoPlistDoesNotUseNeverFailTheLoad() throws {
    let project = ProjectFixtures.minimalProjectFile.replacing(
      "\t\t\t\tINFOPLIST_FILE = Demo/Info.plist;\n\t\t\t\tPRODUCT_BUNDLE_IDENTIFIER = \"com.example.$(PRODUCT_NAME:rfc1034identifier)\";\n\t\t\t\tPRODUCT_NAME = \"$(TARGET_NAME)\";\n\t\t\t\tTARGETED_DEVICE_FAMILY = \"1,2\";\n\t\t\t};\n\t\t\tname = Debug;",
      with: """
        \t\t\t\t"CODE_SIGN_IDENTITY[sdk=iphoneos*]" = "iPhone Developer";
        \t\t\t\t"EXCLUDED_ARCHS[config=Debug][arch=*][sdk=*]" = arm64;
        \t\t\t\tINFOPLIST_FILE = Demo/Info.plist;
        \t\t\t\tLOOP_A = "$(LOOP_B)";
        \t\t\t\tLOOP_B = "$(LOOP_A)";
        \t\t\t\tODD = "$(FLAVOUR:default=$BASE";
        \t\t\t\t"NOT A NAME" = x;
        \t\t\t\tOTHER_SWIFT_FLAGS = ("$(inherited)", "-D", "$(SWIFT_FLAGS_$(CONFIGURATION))");
        \t\t\t\tPRODUCT_BUNDLE_IDENTIFIER = "com.example.$(PRODUCT_NAME:rfc1034identifier)";
        \t\t\t\tPRODUCT_NAME = "$(TARGET_NAME)";
        \t\t\t\tTARGETED_DEVICE_FAMILY = "1,2";
        \t\t\t};
        \t\t\tname = Debug;
        """)
    #expect(project != ProjectFixtures.minimalProjectFile)
    let app = try Self.build(project)
    #expect(app.infoPlist["CFBundleIdentifier"] == .string("com.example.Demo"))
    #expect(app.warnings == [])
  }

  @Test func anAppClipIsChosenOnlyByName() throws {
    let project = Self.withSecondTarget(
      productType: "com.apple.product-type.application.on-demand-install-capable", sdk: "iphoneos")
    #expect(try Self.build(project, target: "Other").target == "Other")
  }
}
