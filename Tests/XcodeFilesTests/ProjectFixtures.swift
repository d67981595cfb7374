import XcodeFiles

/// Project files for the model's tests, in memory: no file system, as the model has none.
enum ProjectFixtures {
  /// A small project in Xcode 12's layout: one iOS app target `Demo` with a Base-localized
  /// `Main.storyboard` and `LaunchScreen.storyboard`, an Info.plist file, Debug and Release.
  static let minimalProjectFile = """
    // !$*UTF8*$!
    {
    \tarchiveVersion = 1;
    \tclasses = {
    \t};
    \tobjectVersion = 52;
    \tobjects = {

    /* Begin PBXBuildFile section */
    \t\tB0000000000000000000B001 /* AppDelegate.swift in Sources */ = {isa = PBXBuildFile; fileRef = F0000000000000000000F001 /* AppDelegate.swift */; };
    \t\tB0000000000000000000B002 /* Main.storyboard in Resources */ = {isa = PBXBuildFile; fileRef = V0000000000000000000V001 /* Main.storyboard */; };
    \t\tB0000000000000000000B003 /* LaunchScreen.storyboard in Resources */ = {isa = PBXBuildFile; fileRef = V0000000000000000000V002 /* LaunchScreen.storyboard */; };
    /* End PBXBuildFile section */

    /* Begin PBXFileReference section */
    \t\tF0000000000000000000F000 /* Demo.app */ = {isa = PBXFileReference; explicitFileType = wrapper.application; includeInIndex = 0; path = Demo.app; sourceTree = BUILT_PRODUCTS_DIR; };
    \t\tF0000000000000000000F001 /* AppDelegate.swift */ = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = AppDelegate.swift; sourceTree = "<group>"; };
    \t\tF0000000000000000000F002 /* Base */ = {isa = PBXFileReference; lastKnownFileType = file.storyboard; name = Base; path = Base.lproj/Main.storyboard; sourceTree = "<group>"; };
    \t\tF0000000000000000000F003 /* Base */ = {isa = PBXFileReference; lastKnownFileType = file.storyboard; name = Base; path = Base.lproj/LaunchScreen.storyboard; sourceTree = "<group>"; };
    \t\tF0000000000000000000F004 /* Info.plist */ = {isa = PBXFileReference; lastKnownFileType = text.plist.xml; path = Info.plist; sourceTree = "<group>"; };
    /* End PBXFileReference section */

    /* Begin PBXGroup section */
    \t\tG0000000000000000000G000 = {
    \t\t\tisa = PBXGroup;
    \t\t\tchildren = (
    \t\t\t\tG0000000000000000000G001 /* Demo */,
    \t\t\t\tG0000000000000000000G002 /* Products */,
    \t\t\t);
    \t\t\tsourceTree = "<group>";
    \t\t};
    \t\tG0000000000000000000G001 /* Demo */ = {
    \t\t\tisa = PBXGroup;
    \t\t\tchildren = (
    \t\t\t\tF0000000000000000000F001 /* AppDelegate.swift */,
    \t\t\t\tV0000000000000000000V001 /* Main.storyboard */,
    \t\t\t\tV0000000000000000000V002 /* LaunchScreen.storyboard */,
    \t\t\t\tF0000000000000000000F004 /* Info.plist */,
    \t\t\t);
    \t\t\tpath = Demo;
    \t\t\tsourceTree = "<group>";
    \t\t};
    \t\tG0000000000000000000G002 /* Products */ = {
    \t\t\tisa = PBXGroup;
    \t\t\tchildren = (
    \t\t\t\tF0000000000000000000F000 /* Demo.app */,
    \t\t\t);
    \t\t\tname = Products;
    \t\t\tsourceTree = "<group>";
    \t\t};
    /* End PBXGroup section */

    /* Begin PBXNativeTarget section */
    \t\tT0000000000000000000T001 /* Demo */ = {
    \t\t\tisa = PBXNativeTarget;
    \t\t\tbuildConfigurationList = L0000000000000000000L002 /* Build configuration list for PBXNativeTarget "Demo" */;
    \t\t\tbuildPhases = (
    \t\t\t\tP0000000000000000000P001 /* Sources */,
    \t\t\t\tP0000000000000000000P002 /* Resources */,
    \t\t\t);
    \t\t\tbuildRules = (
    \t\t\t);
    \t\t\tdependencies = (
    \t\t\t);
    \t\t\tname = Demo;
    \t\t\tproductName = Demo;
    \t\t\tproductReference = F0000000000000000000F000 /* Demo.app */;
    \t\t\tproductType = "com.apple.product-type.application";
    \t\t};
    /* End PBXNativeTarget section */

    /* Begin PBXProject section */
    \t\tR0000000000000000000R001 /* Project object */ = {
    \t\t\tisa = PBXProject;
    \t\t\tbuildConfigurationList = L0000000000000000000L001 /* Build configuration list for PBXProject "Demo" */;
    \t\t\tcompatibilityVersion = "Xcode 9.3";
    \t\t\tdevelopmentRegion = en;
    \t\t\thasScannedForEncodings = 0;
    \t\t\tknownRegions = (
    \t\t\t\ten,
    \t\t\t\tBase,
    \t\t\t);
    \t\t\tmainGroup = G0000000000000000000G000;
    \t\t\tproductRefGroup = G0000000000000000000G002 /* Products */;
    \t\t\tprojectDirPath = "";
    \t\t\tprojectRoot = "";
    \t\t\ttargets = (
    \t\t\t\tT0000000000000000000T001 /* Demo */,
    \t\t\t);
    \t\t};
    /* End PBXProject section */

    /* Begin PBXResourcesBuildPhase section */
    \t\tP0000000000000000000P002 /* Resources */ = {
    \t\t\tisa = PBXResourcesBuildPhase;
    \t\t\tbuildActionMask = 2147483647;
    \t\t\tfiles = (
    \t\t\t\tB0000000000000000000B003 /* LaunchScreen.storyboard in Resources */,
    \t\t\t\tB0000000000000000000B002 /* Main.storyboard in Resources */,
    \t\t\t);
    \t\t\trunOnlyForDeploymentPostprocessing = 0;
    \t\t};
    /* End PBXResourcesBuildPhase section */

    /* Begin PBXSourcesBuildPhase section */
    \t\tP0000000000000000000P001 /* Sources */ = {
    \t\t\tisa = PBXSourcesBuildPhase;
    \t\t\tbuildActionMask = 2147483647;
    \t\t\tfiles = (
    \t\t\t\tB0000000000000000000B001 /* AppDelegate.swift in Sources */,
    \t\t\t);
    \t\t\trunOnlyForDeploymentPostprocessing = 0;
    \t\t};
    /* End PBXSourcesBuildPhase section */

    /* Begin PBXVariantGroup section */
    \t\tV0000000000000000000V001 /* Main.storyboard */ = {
    \t\t\tisa = PBXVariantGroup;
    \t\t\tchildren = (
    \t\t\t\tF0000000000000000000F002 /* Base */,
    \t\t\t);
    \t\t\tname = Main.storyboard;
    \t\t\tsourceTree = "<group>";
    \t\t};
    \t\tV0000000000000000000V002 /* LaunchScreen.storyboard */ = {
    \t\t\tisa = PBXVariantGroup;
    \t\t\tchildren = (
    \t\t\t\tF0000000000000000000F003 /* Base */,
    \t\t\t);
    \t\t\tname = LaunchScreen.storyboard;
    \t\t\tsourceTree = "<group>";
    \t\t};
    /* End PBXVariantGroup section */

    /* Begin XCBuildConfiguration section */
    \t\tC0000000000000000000C001 /* Debug */ = {
    \t\t\tisa = XCBuildConfiguration;
    \t\t\tbuildSettings = {
    \t\t\t\tIPHONEOS_DEPLOYMENT_TARGET = 14.0;
    \t\t\t\tSDKROOT = iphoneos;
    \t\t\t};
    \t\t\tname = Debug;
    \t\t};
    \t\tC0000000000000000000C002 /* Release */ = {
    \t\t\tisa = XCBuildConfiguration;
    \t\t\tbuildSettings = {
    \t\t\t\tIPHONEOS_DEPLOYMENT_TARGET = 14.0;
    \t\t\t\tSDKROOT = iphoneos;
    \t\t\t};
    \t\t\tname = Release;
    \t\t};
    \t\tC0000000000000000000C003 /* Debug */ = {
    \t\t\tisa = XCBuildConfiguration;
    \t\t\tbuildSettings = {
    \t\t\t\tINFOPLIST_FILE = Demo/Info.plist;
    \t\t\t\tPRODUCT_BUNDLE_IDENTIFIER = "com.example.$(PRODUCT_NAME:rfc1034identifier)";
    \t\t\t\tPRODUCT_NAME = "$(TARGET_NAME)";
    \t\t\t\tTARGETED_DEVICE_FAMILY = "1,2";
    \t\t\t};
    \t\t\tname = Debug;
    \t\t};
    \t\tC0000000000000000000C004 /* Release */ = {
    \t\t\tisa = XCBuildConfiguration;
    \t\t\tbuildSettings = {
    \t\t\t\tINFOPLIST_FILE = Demo/Info.plist;
    \t\t\t\tPRODUCT_BUNDLE_IDENTIFIER = "com.example.$(PRODUCT_NAME:rfc1034identifier)";
    \t\t\t\tPRODUCT_NAME = "$(TARGET_NAME)";
    \t\t\t\tTARGETED_DEVICE_FAMILY = "1,2";
    \t\t\t};
    \t\t\tname = Release;
    \t\t};
    /* End XCBuildConfiguration section */

    /* Begin XCConfigurationList section */
    \t\tL0000000000000000000L001 /* Build configuration list for PBXProject "Demo" */ = {
    \t\t\tisa = XCConfigurationList;
    \t\t\tbuildConfigurations = (
    \t\t\t\tC0000000000000000000C001 /* Debug */,
    \t\t\t\tC0000000000000000000C002 /* Release */,
    \t\t\t);
    \t\t\tdefaultConfigurationIsVisible = 0;
    \t\t\tdefaultConfigurationName = Release;
    \t\t};
    \t\tL0000000000000000000L002 /* Build configuration list for PBXNativeTarget "Demo" */ = {
    \t\t\tisa = XCConfigurationList;
    \t\t\tbuildConfigurations = (
    \t\t\t\tC0000000000000000000C003 /* Debug */,
    \t\t\t\tC0000000000000000000C004 /* Release */,
    \t\t\t);
    \t\t\tdefaultConfigurationIsVisible = 0;
    \t\t\tdefaultConfigurationName = Release;
    \t\t};
    /* End XCConfigurationList section */
    \t};
    \trootObject = R0000000000000000000R001 /* Project object */;
    }

    """

  /// A project file of a few megabytes, as a large app's is: `files` source files, each with
  /// its file reference and build file, in one group and one target.
  static func largeProjectFile(files: Int) -> String {
    func id(_ number: Int) -> String {
      let hex = String(number, radix: 16, uppercase: true)
      return "4C1A7E" + String(repeating: "0", count: 18 - hex.count) + hex
    }
    var text =
      "// !$*UTF8*$!\n{\n\tarchiveVersion = 1;\n\tclasses = {\n\t};\n\tobjectVersion = 56;\n"
    text += "\tobjects = {\n\n/* Begin PBXBuildFile section */\n"
    for file in 0..<files {
      text +=
        "\t\t\(id(2 * file + 1)) /* File\(file).swift in Sources */ = {isa = PBXBuildFile; fileRef = \(id(2 * file)) /* File\(file).swift */; };\n"
    }
    text += "/* End PBXBuildFile section */\n\n/* Begin PBXFileReference section */\n"
    for file in 0..<files {
      text +=
        "\t\t\(id(2 * file)) /* File\(file).swift */ = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = \"File\(file).swift\"; sourceTree = \"<group>\"; };\n"
    }
    text += "/* End PBXFileReference section */\n\n\t\tAAAAAAAAAAAAAAAAAAAAAAAA = {\n"
    text += "\t\t\tisa = PBXGroup;\n\t\t\tchildren = (\n"
    for file in 0..<files { text += "\t\t\t\t\(id(2 * file)) /* File\(file).swift */,\n" }
    text += "\t\t\t);\n\t\t\tsourceTree = \"<group>\";\n\t\t};\n"
    text += "\t\tCCCCCCCCCCCCCCCCCCCCCCCC /* Project object */ = {\n\t\t\tisa = PBXProject;\n"
    text += "\t\t\tmainGroup = AAAAAAAAAAAAAAAAAAAAAAAA;\n\t\t\ttargets = (\n\t\t\t);\n\t\t};\n"
    text += "\t};\n\trootObject = CCCCCCCCCCCCCCCCCCCCCCCC /* Project object */;\n}\n"
    return text
  }
}
