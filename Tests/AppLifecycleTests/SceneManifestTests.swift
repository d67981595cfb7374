import AppLifecycle
import Testing
import XcodeFiles

@Suite struct SceneManifestTests {
  static let role = SceneManifest.applicationRole

  /// The manifest of the scenario language's example
  /// (Documentation/Reference/scenario-language.md#configuration).
  static let info = InfoPlist([
    "CFBundleExecutable": .string("Demo"),
    "UIApplicationSceneManifest": .dictionary([
      "UIApplicationSupportsMultipleScenes": .bool(false),
      "UISceneConfigurations": .dictionary([
        role: .array([
          .dictionary([
            "UISceneConfigurationName": .string("Default Configuration"),
            "UISceneDelegateClassName": .string("$(PRODUCT_MODULE_NAME).SceneDelegate"),
            "UISceneStoryboardFile": .string("Main"),
          ]),
          .dictionary([
            "UISceneConfigurationName": .string("Inspector"),
            "UISceneDelegateClassName": .string("InspectorDelegate"),
          ]),
        ])
      ]),
    ]),
  ])

  @Test func theManifestIsReadWithBuildVariablesExpanded() throws {
    let manifest = try #require(SceneManifest(Self.info))
    #expect(!manifest.supportsMultipleScenes)
    let first = try #require(manifest.configurations[Self.role]?.first)
    #expect(first.delegateClassName == "Demo.SceneDelegate")
    #expect(first.storyboardName == "Main")
    #expect(first.sceneClassName == nil)
  }

  @Test func aLegacyInfoPlistHasNoManifest() {
    #expect(SceneManifest(InfoPlist(["UIMainStoryboardFile": .string("Main")])) == nil)
  }

  @Test func withoutANameTheFirstConfigurationOfTheRoleIsTheDefault() {
    var logs: [String] = []
    let configuration = SceneManifest.configuration(
      named: nil, role: Self.role, in: SceneManifest(Self.info), log: { logs.append($0) })
    #expect(configuration.name == "Default Configuration")
    #expect(logs.isEmpty)
  }

  @Test func aNamedConfigurationIsFoundByName() {
    let configuration = SceneManifest.configuration(
      named: "Inspector", role: Self.role, in: SceneManifest(Self.info), log: { _ in })
    #expect(configuration.delegateClassName == "InspectorDelegate")
  }

  @Test func anUnknownNameFallsBackToTheFirstWithUIKitsMessage() {
    var logs: [String] = []
    let configuration = SceneManifest.configuration(
      named: "Missing", role: Self.role, in: SceneManifest(Self.info), log: { logs.append($0) })
    #expect(configuration.delegateClassName == "Demo.SceneDelegate")
    #expect(
      logs == [
        "[SceneConfiguration] Info.plist contained no configuration named \"Missing\" for UIWindowSceneSessionRoleApplication. Falling back to first defined description for UIWindowSceneSessionRoleApplication"
      ])
  }

  @Test(
    arguments: [(nil, "(no name)"), ("Default Configuration", "Default Configuration")]
      as [(String?, String)])
  func noManifestIsUIKitsMessageWithTheNameLookedFor(name: String?, shown: String) {
    var logs: [String] = []
    let configuration = SceneManifest.configuration(
      named: name, role: Self.role, in: nil, log: { logs.append($0) })
    #expect(configuration.delegateClassName == nil)
    #expect(
      logs == [
        "[SceneConfiguration] Info.plist contained no UIScene configuration dictionary (looking for configuration named \"\(shown)\")"
      ])
  }
}
