import Testing

@testable import XcodeFiles

@Suite struct BuildSettingExpressionTests {
  static let settings: [String: String] = [
    "PRODUCT_NAME": "Home Assistant Δ",
    "TARGET_NAME": "MyApp",
    "CONFIGURATION": "Debug",
    "FLAVOUR": "Beta",
    "NAME_Beta": "beta-name",
    "PATH": "MyApp/Supporting Files/Info.plist",
    "EMPTY": "",
    "YES_SETTING": "YES",
  ]

  static func evaluate(_ text: String) throws -> String {
    try #require(
      try BuildSettingExpression(text).evaluate { name throws(ProjectError) in settings[name] })
  }

  @Test(arguments: [
    ("$(TARGET_NAME)", "MyApp"),
    ("${TARGET_NAME}", "MyApp"),
    ("$TARGET_NAME.app", "MyApp.app"),
    ("com.example.$(TARGET_NAME)", "com.example.MyApp"),
    ("$(NAME_$(FLAVOUR))", "beta-name"),
    ("$(UNKNOWN)", ""),
    ("a$$b", "a$b"),
    ("no references", "no references"),
    ("$(TARGET_NAME", "$(TARGET_NAME"),
    ("cost $5", "cost $5"),
  ])
  func referencesAreExpanded(text: String, expected: String) throws {
    #expect(try Self.evaluate(text) == expected)
  }

  @Test(arguments: [
    ("$(PRODUCT_NAME:rfc1034identifier)", "Home-Assistant--"),
    ("$(PRODUCT_NAME:c99extidentifier)", "Home_Assistant_Δ"),
    ("$(PRODUCT_NAME:identifier)", "Home_Assistant__"),
    ("$(TARGET_NAME:lower)", "myapp"),
    ("$(TARGET_NAME:upper)", "MYAPP"),
    ("$(EMPTY:default=fallback)", "fallback"),
    ("$(UNKNOWN:default=$(TARGET_NAME))", "MyApp"),
    ("$(TARGET_NAME:default=fallback)", "MyApp"),
    ("$(TARGET_NAME:lower:upper)", "MYAPP"),
    ("$(PATH:file)", "Info.plist"),
    ("$(PATH:dir)", "MyApp/Supporting Files/"),
    ("$(PATH:base)", "Info"),
    ("$(PATH:suffix)", ".plist"),
    ("$(YES_SETTING:not)", "NO"),
    ("$(TARGET_NAME:nonsense)", "MyApp"),
  ])
  func operatorsTransformTheValue(text: String, expected: String) throws {
    #expect(try Self.evaluate(text) == expected)
  }

  @Test func aLiteralIsKnownWithoutEvaluating() {
    #expect(BuildSettingExpression("com.example.app").isLiteral)
    #expect(!BuildSettingExpression("$(PRODUCT_NAME)").isLiteral)
  }

  @Test func hostileNestingIsTextNotACrash() throws {
    let text = String(repeating: "$(", count: 10_000) + "X" + String(repeating: ")", count: 10_000)
    _ = try Self.evaluate(text)
  }

  @Test(arguments: [
    ("Home Assistant Δ", "Home_Assistant_Δ"),
    ("My App", "My_App"),
    ("9Lives", "_Lives"),
    ("Café-Bar", "Café_Bar"),
    ("日本語アプリ", "日本語アプリ"),
  ])
  func moduleNamesAreC99ExtendedIdentifiers(name: String, module: String) {
    #expect(IdentifierText.c99Extended(name) == module)
  }
}
