/// An error that came out of Lua: a syntax error, an error raised by a script, or a limit.
///
/// `message` is the error as Lua would print it (`file.lua:3: boom`); `traceback` is Lua's
/// `stack traceback:` block when the error was raised by running code; `location` is where it
/// was raised, from Lua's debug information. An error a Swift function threw into Lua comes back
/// as `swiftError` when Lua code let it propagate: kinds and places are values here, never read
/// back out of the message.
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
  /// Where the error was raised: the innermost Lua function with a line when it was raised (or
  /// re-raised by Lua code), where the compiler stopped for a syntax error, where the budget ran
  /// out for a limit or an interrupt; nil when Lua gives no position (memory errors, errors
  /// raised outside Lua code, files that cannot be read).
  public var location: ScriptLocation?
  /// The Swift error that a Swift function called from Lua threw to raise this error, when the
  /// very Lua value it raised reached the protected call: Lua code let it propagate (through
  /// `pcall` and `coroutine.resume` too, if the script raised the value it caught again with
  /// `error(e, 0)`). Nil for errors Lua code raised, and for a new value made from it (`error(e)`
  /// puts a position in front; so does `coroutine.wrap` for an error in the coroutine).
  ///
  /// A Swift function that rethrows this error (or throws it later) raises the same Lua value
  /// again, so the Swift error stays attached across any number of Lua and Swift frames.
  public var swiftError: (any Error)?
  /// For a syntax error: the source ended before the chunk did (Lua's message ends at
  /// `<eof>`), so more input could complete it, as the standalone `lua` decides for its prompt.
  public internal(set) var isIncomplete = false
  /// Which failed protected call this error came from, so that a Swift function that rethrows
  /// it re-raises the original Lua value (and keeps its traceback).
  var generation: UInt64?

  public init(
    _ kind: Kind, _ message: String, traceback: String? = nil, location: ScriptLocation? = nil
  ) {
    self.kind = kind
    self.message = message
    self.traceback = traceback
    self.location = location
  }

  /// The message without the position Lua put in front of it (`boom` for `launch.lua:2: boom`)
  /// when that position is `location`; otherwise the whole message (`error("x", 0)`, or a
  /// message that names another place).
  public var messageWithoutPosition: String {
    guard let location else { return message }
    let position = (location.description + ": ").utf8
    guard message.utf8.starts(with: position) else { return message }
    return String(decoding: message.utf8.dropFirst(position.count), as: UTF8.self)
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

/// A Swift error whose text already says where it happened (`launch.lua:12: expect.events: …`,
/// `Info.plist:6: …`): a Swift function that throws it raises `luaMessage` as it is, with no
/// position put in front, and it comes back as `LuaError.swiftError`.
///
/// Any other error a Swift function throws (except `LuaArgumentError` and `LuaError`) is raised
/// as its description after the caller's position, and comes back the same way.
public protocol LuaLocatedError: Error {
  /// The error as Lua code sees it, its position in front.
  var luaMessage: String { get }
}
