import Testing

@testable import XcodeFiles

@Suite struct BuildSettingsTests {
  static func settings(
    _ lines: [(String, String)], conditions: [String: String] = ["config": "Debug"]
  ) -> BuildSettings {
    let settings = BuildSettings(conditionValues: conditions)
    for (number, (key, value)) in lines.enumerated() {
      let parsed = BuildSettings.Assignment.parseKey(key)!
      settings.push(
        BuildSettings.Assignment(
          name: parsed.name, conditions: parsed.conditions, value: value,
          origin: "Test.xcconfig:\(number + 1)"))
    }
    return settings
  }

  @Test func theNewestAssignmentWins() throws {
    let settings = Self.settings([("A", "old"), ("A", "new")])
    #expect(try settings.value("A") == "new")
    #expect(settings.origin(of: "A") == "Test.xcconfig:2")
  }

  @Test func inheritedIsTheValueBelow() throws {
    let settings = Self.settings([
      ("OTHER_LDFLAGS", "-lz"), ("OTHER_LDFLAGS", "$(inherited) -ObjC"),
      ("OTHER_LDFLAGS", "$(OTHER_LDFLAGS) -all_load"),
    ])
    #expect(try settings.value("OTHER_LDFLAGS") == "-lz -ObjC -all_load")
  }

  @Test func inheritedWithNothingBelowIsEmpty() throws {
    #expect(try Self.settings([("A", "$(inherited) x")]).value("A") == " x")
  }

  @Test func conditionsChooseTheAssignment() throws {
    let settings = Self.settings(
      [
        ("NAME", "plain"), ("NAME[config=Release]", "release"),
        ("NAME[sdk=iphoneos*]", "device"), ("OTHER[sdk=macosx*]", "mac"),
        ("CHAINED[config=Debug][arch=*][sdk=*]", "chained"),
      ], conditions: ["config": "Debug", "sdk": "iphoneos26.0", "arch": "arm64"])
    #expect(try settings.value("NAME") == "device")
    #expect(try settings.value("OTHER") == "")
    #expect(try settings.value("CHAINED") == "chained")
  }

  @Test func anUnknownConditionParameterNeverHolds() throws {
    let settings = Self.settings([("A", "a"), ("A[variant=profile]", "b")])
    #expect(try settings.value("A") == "a")
  }

  @Test func aCycleIsAnErrorNamingEachStep() {
    let settings = Self.settings([("A", "$(B)"), ("B", "x$(A)")])
    #expect(
      throws: ProjectError(
        "the build settings A = $(B) (Test.xcconfig:1) → B = x$(A) (Test.xcconfig:2) → A refer to each other in a cycle; Xcode would leave them empty, lifescript stops: break the cycle"
      )
    ) { try settings.value("A") }
  }

  @Test func aSettingNobodyNeedsNeverFails() throws {
    let settings = Self.settings([
      ("A", "$(B)"), ("B", "$(A)"), ("ODD", "$(X:default=$Y"), ("C", "fine"),
    ])
    #expect(try settings.value("C") == "fine")
    #expect(try settings.expand("$(C)-$(D)") == "fine-")
  }

  @Test(arguments: [
    ("NAME", "NAME", 0),
    ("NAME[sdk=iphoneos*]", "NAME", 1),
    (" NAME [config=Debug][arch=*] ", "NAME", 2),
  ])
  func keysParseIntoNameAndConditions(key: String, name: String, conditions: Int) throws {
    let parsed = try #require(BuildSettings.Assignment.parseKey(key))
    #expect(parsed.name == name)
    #expect(parsed.conditions.count == conditions)
  }

  @Test func aKeyWithAnOpenBracketIsNotASetting() {
    #expect(BuildSettings.Assignment.parseKey("NAME[sdk=iphoneos*") == nil)
    #expect(BuildSettings.Assignment.parseKey("") == nil)
  }
}
