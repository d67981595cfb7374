/// An expectation that failed, and where the script made it.
public struct FailedExpectation: Equatable, Sendable {
  /// `launch.lua:12`: Lua's name for the chunk and the line of the call; empty when no Lua
  /// function was running.
  public var location: String
  public var failure: ExpectationFailure

  public init(location: String, failure: ExpectationFailure) {
    self.location = location
    self.failure = failure
  }

  /// As a run reports it: `launch.lua:12: expect.events: …`, then the diff and the notes.
  public var message: String {
    location.isEmpty ? failure.description : location + ": " + failure.description
  }
}
