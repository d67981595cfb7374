import LuaBridge

/// A Lua `assert` that failed in a scenario: it fails the scenario as a failed expectation does
/// (exit status 1), at the line of the `assert`, rather than as an error of the script
/// (Documentation/Reference/scenario-language.md#failures).
///
/// Lua code that catches it with `pcall` sees what Lua's own `assert` raises (the message, or
/// `assertion failed!`), and a caught one does not fail the scenario: `assert` is also how Lua
/// code checks its inputs, and a script may test that it does.
struct AssertionFailure: LuaLocatedError {
  /// The assert's message as `tostring` writes a string or a number; nil without one.
  var message: String?
  /// What a message of another type was (`a table value`), shown instead of it.
  var messageType: String?
  /// The line of the `assert`.
  var location: ScriptLocation?

  /// What `pcall` gives back, as Lua's own `assert` raises it (but a message that is not a
  /// string or a number is described, not raised itself).
  var luaMessage: String { message ?? withoutMessage }

  /// The failure as the scenario reports it: `assertion failed: the window is key`.
  var expectation: ExpectationFailure {
    ExpectationFailure(
      headline: message.map { "assertion failed: \($0)" } ?? withoutMessage, location: location)
  }

  private var withoutMessage: String {
    messageType.map { "assertion failed! (its message is \($0))" } ?? "assertion failed!"
  }
}
