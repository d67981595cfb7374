import Testing

@testable import XcodeFiles

@Suite struct InfoPlistExpansionTests {
  static func manifest(delegate: String) -> PlistValue {
    .dictionary([
      "UISceneConfigurations": .dictionary([
        "UIWindowSceneSessionRoleApplication": .array([
          .dictionary(["UISceneDelegateClassName": .string(delegate)])
        ])
      ])
    ])
  }

  @Test func theModuleDefaultsToTheExecutableMadeAnIdentifier() {
    let info = InfoPlist(["CFBundleExecutable": .string("My App")])
    #expect(info.moduleName == "My_App")
    #expect(info.expand("$(PRODUCT_MODULE_NAME).SceneDelegate") == "My_App.SceneDelegate")
    #expect(info.expand("${PRODUCT_NAME:rfc1034identifier}") == "My-App")
  }

  @Test func buildSettingsWinOverTheDefaults() {
    var info = InfoPlist(["CFBundleExecutable": .string("$(EXECUTABLE_NAME)")])
    #expect(info.expand("$(PRODUCT_MODULE_NAME).SceneDelegate") == ".SceneDelegate")
    info.buildSettings = ["PRODUCT_MODULE_NAME": "MyApp"]
    #expect(info.expand("$(PRODUCT_MODULE_NAME).SceneDelegate") == "MyApp.SceneDelegate")
  }

  @Test func aClassNameWithAVariableNothingSetsIsFound() {
    let info = InfoPlist([
      "CFBundleExecutable": .string("$(EXECUTABLE_NAME)"),
      "UIApplicationSceneManifest": Self.manifest(
        delegate: "$(PRODUCT_MODULE_NAME).SceneDelegate"),
      "NSPrincipalClass": .string("$(PRINCIPAL"),
    ])
    #expect(
      info.unresolvedClassNames == [
        .init(
          key: "NSPrincipalClass", value: "$(PRINCIPAL", expanded: "$(PRINCIPAL",
          unknownVariables: []),
        .init(
          key: "UISceneDelegateClassName", value: "$(PRODUCT_MODULE_NAME).SceneDelegate",
          expanded: ".SceneDelegate", unknownVariables: ["PRODUCT_MODULE_NAME"]),
      ])
  }

  @Test func aClassNameThatResolvesIsNotFound() {
    var info = InfoPlist([
      "UIApplicationSceneManifest": Self.manifest(delegate: "$(PRODUCT_MODULE_NAME).SceneDelegate")
    ])
    info.buildSettings = ["PRODUCT_MODULE_NAME": "MyApp"]
    #expect(info.unresolvedClassNames == [])
    info.buildSettings = [:]
    info.isBuilt = true  // Project checked it before expanding
    #expect(info.unresolvedClassNames == [])
  }
}
