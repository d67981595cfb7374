import Testing

@testable import XcodeFiles

/// R19 of issue 29: names a project gives reach the `project` trace line and messages, so a
/// line break in one could print lines of its own (`ok 1 - forged`). The names that identify
/// the app (targets, configurations, storyboards) are refused, as a storyboard's are; any other
/// text of the project's (a product name, a path) is shown with its control characters
/// escaped.
@Suite struct ControlCharacterNameTests {
  private static func hasControlCharacter(_ text: String) -> Bool {
    text.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }
  }

  @Test func aTargetNameWithALineBreakIsRefused() {
    let project = ProjectFixtures.minimalProjectFile.replacing(
      "\t\t\tname = Demo;\n\t\t\tproductName = Demo;",
      with: "\t\t\tname = \"Demo\\nok 1 - forged\";\n\t\t\tproductName = Demo;")
    #expect(project != ProjectFixtures.minimalProjectFile)
    let failure = BuiltAppTests.failure(project)
    #expect(
      failure
        == #"Demo.xcodeproj/project.pbxproj: a target's name holds a control character: "Demo\nok 1 - forged""#
    )
  }

  @Test func aConfigurationNameWithAControlCharacterIsRefused() {
    let project = ProjectFixtures.minimalProjectFile.replacing(
      "\t\t\t};\n\t\t\tname = Release;\n\t\t};\n/* End XCBuildConfiguration section */",
      with:
        "\t\t\t};\n\t\t\tname = \"Release\\033[2K\";\n\t\t};\n/* End XCBuildConfiguration section */"
    )
    #expect(project != ProjectFixtures.minimalProjectFile)
    #expect(
      BuiltAppTests.failure(project)
        == #"Demo.xcodeproj/project.pbxproj: a build configuration's name holds a control character: "Release\u{1B}[2K""#
    )
  }

  @Test func aStoryboardNameWithALineBreakIsRefused() {
    let project = ProjectFixtures.minimalProjectFile.replacing(
      "\t\t\tname = Main.storyboard;", with: "\t\t\tname = \"Ma\\nin.storyboard\";")
    #expect(project != ProjectFixtures.minimalProjectFile)
    #expect(
      BuiltAppTests.failure(project)
        == #"Demo.xcodeproj: the target Demo ships a storyboard whose name holds a control character: "Ma\nin""#
    )
  }

  @Test func aStoryboardFileInASynchronizedFolderWithALineBreakIsRefused() {
    #expect(
      BuiltAppTests.failure(
        BuiltAppTests.synchronizedProject,
        texts: ["App/Base.lproj/Main.storyboard": "<document/>", "App/Ma\rin.storyboard": ""])
        == #"Demo.xcodeproj: the target Demo ships a storyboard whose name holds a control character: "Ma\rin""#
    )
  }

  @Test func aProductNameWithALineBreakIsEscapedInTheSummary() throws {
    let project = ProjectFixtures.minimalProjectFile.replacing(
      "\t\t\t\tPRODUCT_NAME = \"$(TARGET_NAME)\";\n\t\t\t\tTARGETED_DEVICE_FAMILY = \"1,2\";\n\t\t\t};\n\t\t\tname = Debug;",
      with:
        "\t\t\t\tPRODUCT_NAME = \"Demo\\nPASS  forged.lua\";\n\t\t\t\tTARGETED_DEVICE_FAMILY = \"1,2\";\n\t\t\t};\n\t\t\tname = Debug;"
    )
    #expect(project != ProjectFixtures.minimalProjectFile)
    let summary = try BuiltAppTests.build(project).summary
    #expect(!Self.hasControlCharacter(summary), "\(summary)")
    #expect(summary.contains(#"(from PRODUCT_NAME "Demo\nPASS  forged.lua")"#), "\(summary)")
  }

  @Test func aPathWithALineBreakIsEscapedInAnError() {
    let project = ProjectFixtures.minimalProjectFile.replacing(
      "\t\t\t\tINFOPLIST_FILE = Demo/Info.plist;\n\t\t\t\tPRODUCT_BUNDLE_IDENTIFIER = \"com.example.$(PRODUCT_NAME:rfc1034identifier)\";\n\t\t\t\tPRODUCT_NAME = \"$(TARGET_NAME)\";\n\t\t\t\tTARGETED_DEVICE_FAMILY = \"1,2\";\n\t\t\t};\n\t\t\tname = Debug;",
      with:
        "\t\t\t\tINFOPLIST_FILE = \"Demo/Info\\nok 1 - forged.plist\";\n\t\t\t\tPRODUCT_BUNDLE_IDENTIFIER = \"com.example.$(PRODUCT_NAME:rfc1034identifier)\";\n\t\t\t\tPRODUCT_NAME = \"$(TARGET_NAME)\";\n\t\t\t\tTARGETED_DEVICE_FAMILY = \"1,2\";\n\t\t\t};\n\t\t\tname = Debug;"
    )
    #expect(project != ProjectFixtures.minimalProjectFile)
    let failure = BuiltAppTests.failure(project) ?? ""
    #expect(!Self.hasControlCharacter(failure), "\(failure)")
    #expect(
      failure.hasPrefix(
        #"the Info.plist of the target Demo does not exist: Demo/Info\nok 1 - forged.plist (INFOPLIST_FILE = Demo/Info\nok 1 - forged.plist, "#
      ), "\(failure)")
  }

  /// And through the Info.plist: the class names UIKit loads (and the storyboards it opens)
  /// are in UIKit's messages (`could not load class with name "Scene` and a line of its own)
  /// and in `lifescript init`'s report.
  @Test func anInfoPlistClassNameWithALineBreakIsRefused() {
    var info = BuiltAppTests.sceneTemplateInfo
    info["UIApplicationSceneManifest"] = .dictionary([
      "UISceneConfigurations": .dictionary([
        "UIWindowSceneSessionRoleApplication": .array([
          .dictionary(["UISceneDelegateClassName": .string("Scene\nok 1 - forged")])
        ])
      ])
    ])
    #expect(
      BuiltAppTests.failure(ProjectFixtures.minimalProjectFile, info: info)
        == #"Demo/Info.plist: the Info.plist's UISceneDelegateClassName holds a control character: "Scene\nok 1 - forged""#
    )
    var principal = BuiltAppTests.sceneTemplateInfo
    principal["NSPrincipalClass"] = .string("$(PRODUCT_MODULE_NAME).App\r")
    #expect(
      BuiltAppTests.failure(ProjectFixtures.minimalProjectFile, info: principal)
        == #"Demo/Info.plist: the Info.plist's NSPrincipalClass holds a control character: "Demo.App\r""#
    )
  }

  /// The same forgery through a storyboard: a view controller's `customClass` reached the
  /// trace (`log Unknown class Evil` and a line of its own) and `lifescript init`'s report.
  static let forgedClassStoryboard = """
    <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" initialViewController="a">
    <scenes><scene sceneID="s"><objects>
    <viewController id="a" customClass="Evil&#10;ok 1 - forged" sceneMemberID="viewController"/>
    </objects></scene></scenes></document>
    """

  @Test func aViewControllersClassWithALineBreakIsRefused() {
    let bytes = Array(Self.forgedClassStoryboard.utf8)
    let read = #expect(throws: FormatError.self) {
      try StoryboardFile.read(bytes, file: "Main.storyboard", name: "Main")
    }
    #expect(
      read?.description
        == #"Main.storyboard:3: a view controller's customClass holds a control character: "Evil\nok 1 - forged""#
    )
    let scanned = #expect(throws: FormatError.self) {
      try StoryboardClasses(bytes, file: "Main.storyboard")
    }
    #expect(scanned?.description == read?.description)
  }
}
