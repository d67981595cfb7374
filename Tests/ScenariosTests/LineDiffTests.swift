import Testing

@testable import Scenarios

@Suite struct LineDiffTests {
  static func diff(_ expected: [String], _ actual: [String], cellLimit: Int = 4_000_000)
    -> LineDiff
  {
    LineDiff(
      expected: expected, actual: actual, describe: { $0 }, matches: { $0 == $1 },
      cellLimit: cellLimit)
  }

  static let alphabet = (0..<26).map { String(UnicodeScalar(UInt8(65 + $0))) }

  @Test func longUnchangedRunsCollapseAroundAChangeWithThreeLinesOfContext() {
    var expected = Self.alphabet
    expected.insert("missing", at: 13)
    #expect(
      Self.diff(expected, Self.alphabet).text() == """
          … 10 unchanged lines
          K
          L
          M
        − missing
          N
          O
          P
          … 10 unchanged lines
        """)
  }

  @Test func aRunOfOneHiddenLineIsShownRatherThanCollapsed() {
    let actual = ["a", "b", "c", "d", "e", "f", "g", "h", "i"]
    var expected = actual
    expected[0] = "x"
    expected[8] = "y"
    // Rows 1 to 3 and 5 to 7 are context; row 4 alone would be hidden.
    #expect(
      Self.diff(expected, actual).text() == """
        − x
        + a
          b
          c
          d
          e
          f
          g
          h
        − y
        + i
        """)
  }

  @Test func onATieTheMissingLineComesBeforeTheUnexpectedOne() {
    #expect(
      Self.diff(["a", "b", "c"], ["a", "x", "c"]).rows == [
        .init(change: .same, text: "a"), .init(change: .missing, text: "b"),
        .init(change: .unexpected, text: "x"), .init(change: .same, text: "c"),
      ])
  }

  @Test func theFirstDifferenceIsNamedWithEitherSideEnding() {
    #expect(
      Self.diff(["a", "b"], ["a", "c"]).firstDifference
        == .init(line: 2, expected: "b", actual: "c"))
    #expect(
      Self.diff(["a", "b"], ["a"]).firstDifference == .init(line: 2, expected: "b", actual: nil))
    #expect(
      Self.diff(["a"], ["a", "c"]).firstDifference == .init(line: 2, expected: nil, actual: "c"))
    #expect(Self.diff(["a"], ["a"]).firstDifference == nil)
  }

  @Test func aLineThatCameLaterOrEarlierIsAMove() {
    #expect(
      Self.diff(["a", "x", "b", "c"], ["a", "b", "c", "x"]).moves == [
        .init(expected: "x", actual: "x", offset: 2)
      ])
    #expect(
      Self.diff(["a", "b", "c", "x"], ["a", "x", "b", "c"]).moves == [
        .init(expected: "x", actual: "x", offset: -2)
      ])
    #expect(Self.diff(["a", "b"], ["a", "c"]).moves.isEmpty)
  }

  @Test func linesMatchByTheRuleNotByEquality() {
    let diff = LineDiff(
      expected: ["didBecomeActive"], actual: ["App.didBecomeActive"], describe: { $0 },
      matches: { $1.hasSuffix($0) })
    #expect(diff.rows == [.init(change: .same, text: "App.didBecomeActive")])
  }

  @Test func aMiddleTooLargeForTheTableIsShownAsTwoBlocks() {
    let diff = Self.diff(["a", "b", "c", "z"], ["a", "c", "b", "z"], cellLimit: 4)
    #expect(
      diff.text() == """
          a
        − b
        − c
        + c
        + b
          z
        """)
  }

  @Test func aLongTraceWithOneChangeIsAlignedAroundTheChange() {
    let actual = (0..<20_000).map { "line \($0)" }
    var expected = actual
    expected.remove(at: 10_000)
    let diff = Self.diff(expected, actual)
    #expect(diff.missingCount == 0)
    #expect(diff.unexpectedCount == 1)
    #expect(
      diff.firstDifference == .init(line: 10_001, expected: "line 10001", actual: "line 10000"))
  }
}
