import Testing

@testable import XcodeFiles

/// Build settings written to make expansion cost more than the machine has (issue 29: R1, R3):
/// each is an error naming the setting, and the work done stays in proportion to the lines.
@Suite struct ExpansionLimitTests {
  /// `A0 = x`, then `A1 = $(A0)$(A0)` … `An`: `An` is 2^n bytes long.
  static func doubling(_ count: Int) -> BuildSettings {
    BuildSettingsTests.settings(doublingLines(count))
  }

  @Test func aValueLongerThanTheLimitIsAnErrorNamingTheSetting() throws {
    // 2^21 bytes: 2 MiB.
    let settings = Self.doubling(21)
    #expect(
      throws: ProjectError(
        "the build setting A21 (Test.xcconfig:22) expands to more than 1 MiB; lifescript stops (this limit is fixed: no app's value is that long)"
      )
    ) {
      try settings.value("A21")
    }
    // One level below the limit is a value.
    #expect(try settings.value("A20").utf8.count == 1 << 20)
  }

  @Test func fortyDoublingsStopAtTheLimitWithoutBuildingTheValue() {
    let settings = Self.doubling(40)
    #expect(throws: ProjectError.self) { try settings.value("A40") }
    #expect(settings.evaluations <= 41)
  }

  @Test func anExpandedTextLongerThanTheLimitIsAnError() throws {
    let settings = Self.doubling(20)
    let error = #expect(throws: ProjectError.self) {
      try settings.expand("$(A20)$(A20)\nforged")
    }
    #expect(
      error?.message
        == "\"$(A20)$(A20)\\nforged\" expands to more than 1 MiB; lifescript stops (this limit is fixed: no app's value is that long)"
    )
  }

  @Test func inheritedTwiceOnEveryLineIsEvaluatedOncePerLine() throws {
    // Empty values: nothing grows, only the evaluations would (2^24 without the memo).
    let settings = BuildSettingsTests.settings(
      [("X", "")] + Array(repeating: ("X", "$(inherited)$(inherited)"), count: 24))
    #expect(try settings.value("X") == "")
    #expect(settings.evaluations == 24)
  }

  @Test func fortyLinesOfInheritedTwiceStopAtTheLimit() {
    let settings = BuildSettingsTests.settings(
      [("X", "x")] + Array(repeating: ("X", "$(inherited)$(inherited)"), count: 40))
    let error = #expect(throws: ProjectError.self) { try settings.value("X") }
    #expect(error?.message.hasPrefix("the build setting X (Test.xcconfig:") == true)
    #expect(settings.evaluations <= 41)
  }

  @Test func everyValueTogetherIsBounded() {
    // 100 settings of 1 MiB each: each under the value limit, together past 64 MiB.
    var lines = Self.doublingLines(20)
    for index in 0..<100 { lines.append(("B\(index)", "$(A20)")) }
    let settings = BuildSettingsTests.settings(lines)
    let error = #expect(throws: ProjectError.self) {
      for index in 0..<100 { _ = try settings.value("B\(index)") }
    }
    #expect(
      error?.message.hasPrefix(
        "the build settings expand to more than 64 MiB in all, at the build setting B")
        == true)
  }

  @Test func eachValueIsChargedOnce() throws {
    let settings = Self.doubling(10)
    var charged = 0
    settings.charge = { bytes throws(ProjectError) in charged += bytes }
    _ = try settings.value("A10")
    _ = try settings.value("A10")
    // A1 … A10: 2 + 4 + … + 1024 bytes.
    #expect(charged == 2046)
  }

  @Test func aChargeThatRefusesStopsTheEvaluation() {
    let settings = Self.doubling(10)
    settings.charge = { bytes throws(ProjectError) in
      if bytes > 100 { throw ProjectError("over the cap") }
    }
    #expect(throws: ProjectError("over the cap")) { try settings.value("A10") }
  }

  static func doublingLines(_ count: Int) -> [(String, String)] {
    var lines = [("A0", "x")]
    for level in 1...count { lines.append(("A\(level)", "$(A\(level - 1))$(A\(level - 1))")) }
    return lines
  }
}
