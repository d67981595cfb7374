/// An error that came out of Lua: a syntax error, an error raised by a script, or a limit.
///
/// `message` is the error as Lua would print it (`file.lua:3: boom`); `traceback` is Lua's
/// `stack traceback:` block when the error was raised by running code.
public struct LuaError: Error, CustomStringConvertible, Sendable {
  public enum Kind: Sendable, Equatable {
    /// The source did not compile.
    case syntax
    /// A script raised an error, or a Swift function it called threw one.
    case runtime
    /// The state's memory cap refused an allocation.
    case memoryLimit
    /// The state's instruction budget ran out.
    case instructionLimit
    /// An interrupt (Ctrl-C, see `LuaInterrupt`) stopped an interruptible state.
    case interrupted
    /// The message handler itself failed.
    case errorHandling
    /// A file could not be read, or is not Lua source.
    case file
  }

  public var kind: Kind
  public var message: String
  public var traceback: String?
  /// Which failed protected call this error came from, so that a Swift function that rethrows
  /// it re-raises the original Lua value (and keeps its traceback).
  var generation: UInt64?

  public init(_ kind: Kind, _ message: String, traceback: String? = nil) {
    self.kind = kind
    self.message = message
    self.traceback = traceback
  }

  public var description: String {
    guard let traceback else { return message }
    return message + "\n" + traceback
  }
}

/// A bad argument to a Swift function called from Lua; raised as Lua's own
/// `bad argument #1 to 'name' (string expected, got nil)`.
public struct LuaArgumentError: Error, Sendable {
  public var index: Int
  public var message: String

  public init(index: Int, _ message: String) {
    self.index = index
    self.message = message
  }
}

/// An error a Swift function raises in Lua with the caller's position in front (`file.lua:7: …`),
/// as `error(message)` does.
public struct LuaScriptError: Error, CustomStringConvertible, Sendable {
  public var message: String

  public init(_ message: String) { self.message = message }

  public var description: String { message }
}
