import LuaBridge

/// Why an expectation failed, and where the script made it: a headline and, where it helps, the
/// lines that show it.
///
/// The model is TCA's TestStore: a headline that says what differs, a −/+ diff with context,
/// the first difference, and hints. Plain text; diff rows start with `  `, `− ` or `+ `.
/// Raised in Lua as its `description` (`launch.lua:12: expect.events: …`), it comes back from Lua
/// as itself (`LuaError.swiftError`) when the script lets it propagate.
public struct ExpectationFailure: Error, Equatable, Sendable, CustomStringConvertible {
  public var headline: String
  /// The lines that show it: the diff, or what came instead.
  public var details: String?
  /// Lines after the details: the first difference, hints.
  public var notes: [String] = []
  /// The `expect.*` call that failed (`launch.lua:12`); nil when no Lua function was running.
  public var location: ScriptLocation?

  public init(headline: String, details: String? = nil, location: ScriptLocation? = nil) {
    self.headline = headline
    self.details = details
    self.location = location
  }

  /// As a run reports it: `launch.lua:12: expect.events: …`, then the diff and the notes.
  public var description: String { description(context: nil) }

  /// The description with `context` (`(in AppDelegate.sel at 0s of virtual time)`) as the
  /// second line, as a run reports a failure inside a script method.
  func description(context: String?) -> String {
    let lines = ([headline] + (context.map { [$0] } ?? []) + (details.map { [$0] } ?? []) + notes)
      .joined(separator: "\n")
    return location.map { "\($0): " + lines } ?? lines
  }

  /// Adds a line after the details (the first difference, a hint).
  mutating func addNote(_ note: String) { notes.append(note) }
}

extension ExpectationFailure: LuaLocatedError {
  public var luaMessage: String { description }
}
