import LuaBridge
import Testing

/// A Swift error with an identity of its own and a description longer than Lua's short strings
/// (40 bytes), so that a script's copy of its text is another Lua string.
private struct Unrecognized: Error, CustomStringConvertible {
  var serial: Int
  var description: String {
    "NSInvalidArgumentException: -[NSObject frobnicate]: unrecognized selector sent to instance \(serial)"
  }
}

/// An error whose text already says where it happened.
private struct Located: LuaLocatedError {
  var luaMessage: String { "expectations.lua:12: expect.events: a line did not come" }
}

/// A Swift function `fail()` that throws `Unrecognized(serial: 7)`.
private func stateWithFailingFunction() throws -> LuaState {
  let state = try makeState()
  try state.register("fail") { _ in throw Unrecognized(serial: 7) }
  try state.register("callBack") { call in _ = try call.call(try call.function(1)) }
  return state
}

private func serial(_ error: LuaError?) -> Int? {
  (error?.swiftError as? Unrecognized)?.serial
}

private let unrecognized = Unrecognized(serial: 7).description

@Suite struct LuaSwiftErrorTests {
  @Test(arguments: [
    "fail()",
    // The same value raised again, as Lua code lets an error object propagate.
    "local ok, e = pcall(fail); error(e, 0)",
    // Through a coroutine: resume hands the value over unchanged.
    "local ok, e = coroutine.resume(coroutine.create(function() fail() end)); error(e, 0)",
    // Through Swift frames: a Swift function that rethrows re-raises the same value.
    "callBack(function() fail() end)",
    "callBack(function() callBack(fail) end)",
    "local ok, e = coroutine.resume(coroutine.create(function() callBack(fail) end)); error(e, 0)",
  ])
  func aSwiftErrorThatLuaLetsPropagateComesBackAsItself(source: String) throws {
    let state = try stateWithFailingFunction()
    let error = failure(state, source)
    #expect(error?.kind == .runtime)
    #expect(serial(error) == 7)
    #expect(error?.message.hasSuffix(unrecognized) == true)
  }

  @Test(arguments: [
    // A script's own error whose text ends with the Swift error's description.
    "local ok, e = pcall(fail); error('my own: ' .. e, 0)",
    // Its very text, rebuilt: another string, so another error.
    "local ok, e = pcall(fail); error(string.sub(e, 1, -2) .. string.sub(e, -1), 0)",
    // error(e) puts a position in front: a new message.
    "local ok, e = pcall(fail); error(e)",
    // coroutine.wrap puts its position in front of a string error too.
    "coroutine.wrap(function() fail() end)()",
    // A different error after the Swift one was caught.
    "pcall(fail); error('boom')",
    "local ok, e = coroutine.resume(coroutine.create(fail)); error('after: ' .. e, 0)",
  ])
  func anErrorThatOnlyLooksLikeTheSwiftErrorIsALuaError(source: String) throws {
    let state = try stateWithFailingFunction()
    let error = failure(state, source)
    #expect(error?.kind == .runtime)
    #expect(error?.swiftError == nil)
  }

  @Test func theSwiftErrorOfALaterRaiseReplacesTheEarlierOne() throws {
    let state = try makeState()
    var serial = 0
    try state.register("fail") { _ in
      serial += 1
      throw Unrecognized(serial: serial)
    }
    let error = failure(
      state, "local ok, first = pcall(fail); local ok2, second = pcall(fail); error(first, 0)")
    // The first value is no longer the one raised last: it comes back as a Lua error.
    #expect(error?.swiftError == nil)
    let second = failure(state, "pcall(fail); fail()")
    #expect((second?.swiftError as? Unrecognized)?.serial == 4)
  }

  @Test func aSwiftFunctionThatRethrowsAfterAnotherFailedCallKeepsTheSwiftError() throws {
    let state = try stateWithFailingFunction()
    try state.register("rethrowLater") { call in
      var first: (any Error)?
      do { _ = try call.call(try call.function(1)) } catch { first = error }
      // Another failed protected call in between: the first value is no longer the last error.
      _ = try? call.call(try call.function(2))
      if let first { throw first }
    }
    let error = failure(state, "rethrowLater(fail, function() error('other') end)")
    #expect(serial(error) == 7)
    // Called by a Swift function, fail had no Lua caller to take a position from.
    #expect(error?.message == unrecognized)
  }

  @Test func scriptsThatCatchTheErrorSeeTheSameTextAsBefore() throws {
    let state = try stateWithFailingFunction()
    let caught = try state.run(
      """
      local ok, e = pcall(function() fail() end)
      local ok2, e2 = coroutine.resume(coroutine.create(function() fail() end))
      return e, e2
      """, chunkName: "=test")
    #expect(caught.map(\.description) == ["test:1: " + unrecognized, "test:2: " + unrecognized])
  }

  @Test func aLocatedErrorIsRaisedWithItsOwnPositionAndComesBack() throws {
    let state = try makeState()
    try state.register("check") { _ in throw Located() }
    let caught = try state.run(
      "return select(2, pcall(function() check() end))", chunkName: "=test")
    #expect(caught.first?.description == Located().luaMessage)
    for source in [
      "check()", "local ok, e = coroutine.resume(coroutine.create(check)); error(e, 0)",
    ] {
      let error = failure(state, source)
      #expect(error?.message == Located().luaMessage)
      #expect(error?.swiftError is Located)
    }
  }

  @Test func argumentErrorsAndLuaErrorsCarryNoSwiftError() throws {
    let state = try makeState()
    try state.register("count") { call in _ = try call.integer(1) }
    try state.register("script") { _ in throw LuaScriptError("refused") }
    #expect(failure(state, "count('x')")?.swiftError == nil)
    #expect(failure(state, "error('boom')")?.swiftError == nil)
    // LuaScriptError is an error a Swift function threw: it comes back too.
    #expect(failure(state, "script()")?.swiftError is LuaScriptError)
  }

  @Test func aSwiftErrorAttachedToALimitComesBackWithTheLimit() throws {
    let state = try makeState(limits: LuaState.Limits(memory: 8 << 20, instructions: 100_000))
    // A Swift function that names itself on the errors of the Lua code it calls.
    try state.register("annotated") { call in
      do {
        _ = try call.call(try call.function(1))
      } catch var error as LuaError {
        error.swiftError = Unrecognized(serial: 9)
        throw error
      }
    }
    let error = failure(state, "annotated(function() while true do end end)")
    #expect(error?.kind == .instructionLimit)
    #expect(serial(error) == 9)
  }
}
