import LuaBridge

/// A test a scenario file defines with `test("name", function() … end)`
/// (Documentation/Reference/scenario-language.md#named-tests).
public struct NamedTest: Sendable, Equatable {
  /// The name with the names of its `describe` groups in front, joined by `" / "`:
  /// `restoration / cold launch restores the draft`.
  public var name: String
  /// The `test(` call.
  public var location: ScriptLocation

  public init(name: String, location: ScriptLocation) {
    self.name = name
    self.location = location
  }

  /// The longest name a test may have, in bytes, with its groups: a name is a line of a report.
  public static let nameLimit = 500
}

/// How one case of a scenario file ended: the file as a whole, or one of its named tests.
public enum TestVerdict: Sendable {
  case passed
  /// A failed expectation, an unclaimed exception, a script error or a limit.
  case failed(ScenarioFailure)
  /// The test called `skip(reason)`.
  case skipped(reason: String)
  /// The test called `known_issue(reason)` and then failed an expectation, as it was expected
  /// to: not a failure of the suite.
  case knownIssue(reason: String, ScenarioFailure)
}

/// What `skip("reason")` raises to end the test it is called in.
struct TestSkipped: Error, CustomStringConvertible {
  var reason: String
  var description: String { "skip: \(reason)" }
}
