import LuaBridge
import Testing

/// Runs `source` as the chunk `chunkName` and returns the error it raises.
private func failure(_ state: LuaState, _ source: String, chunkName: String) -> LuaError? {
  do {
    try state.run(source, chunkName: chunkName)
    return nil
  } catch {
    return error as? LuaError
  }
}

@Suite struct LuaErrorLocationTests {
  @Test func aRuntimeErrorIsLocatedWhereItWasRaised() throws {
    let state = try makeState()
    let error = failure(state, "local function f()\n  error('boom')\nend\nf()")
    #expect(error?.location == ScriptLocation(file: "test", line: 2))
    #expect(error?.messageWithoutPosition == "boom")
  }

  @Test(arguments: [
    // Text that looks like a position is part of the message, not where it was raised.
    ("local x = 1\nerror('other.lua:3: not here', 0)", 2, "other.lua:3: not here"),
    ("error('a: b: c')", 1, "a: b: c"),
    ("local x = 1\nerror('test:9: fake')", 2, "test:9: fake"),
    ("error('see test:1: inside')", 1, "see test:1: inside"),
    ("error({})", 1, "(error object is a table value)"),
    ("local t = nil\nreturn t.x", 2, "attempt to index a nil value (local 't')"),
  ])
  func theLocationComesFromDebugInformationNeverFromTheText(
    source: String, line: Int, message: String
  ) throws {
    let state = try makeState()
    let error = failure(state, source)
    #expect(error?.location == ScriptLocation(file: "test", line: line))
    #expect(error?.messageWithoutPosition == message)
  }

  @Test(arguments: ["@dir:with/colons:3.lua", "=name:7: odd"])
  func aChunkWhoseNameHasColonsIsLocatedWhole(chunkName: String) throws {
    let state = try makeState()
    let file = String(chunkName.dropFirst())
    let runtime = failure(state, "local x = 1\nerror('boom: 5')", chunkName: chunkName)
    #expect(runtime?.location == ScriptLocation(file: file, line: 2))
    #expect(runtime?.messageWithoutPosition == "boom: 5")
    let syntax = failure(state, "local x = 1\n\nlocal = 2", chunkName: chunkName)
    #expect(syntax?.kind == .syntax)
    #expect(syntax?.location == ScriptLocation(file: file, line: 3))
    #expect(syntax?.messageWithoutPosition == "<name> expected near '='")
  }

  @Test func aLongPathIsShortenedInMessagesAndWholeInTheLocation() throws {
    let state = try makeState()
    let path = String(repeating: "folder/", count: 12) + "launch.lua"
    let error = failure(state, "error('boom')", chunkName: "@" + path)
    let shortFile = "..." + path.suffix(56)
    #expect(error?.message == shortFile + ":1: boom")
    #expect(error?.location == ScriptLocation(file: path, line: 1, shortFile: shortFile))
    #expect(error?.messageWithoutPosition == "boom")
    let syntax = failure(state, "x = = 1", chunkName: "@" + path)
    #expect(syntax?.location == ScriptLocation(file: path, line: 1, shortFile: shortFile))
  }

  @Test func aSyntaxErrorAtTheEndOfInputIsIncomplete() throws {
    let state = try makeState()
    let open = failure(state, "function f()\n  return 1")
    #expect(open?.isIncomplete == true)
    #expect(open?.location == ScriptLocation(file: "test", line: 2))
    // A message that mentions <eof> in the middle is not at the end of the input.
    #expect(failure(state, "x = = 1")?.isIncomplete == false)
    #expect(failure(state, "error('<eof>')")?.isIncomplete == false)
  }

  @Test(arguments: [
    ("local x = 1\ncomplain()", 2),
    (
      "local x = 1\nlocal ok, e = coroutine.resume(coroutine.create(function()\ncomplain() end))\nerror(e, 0)",
      3
    ),
  ])
  func anErrorRaisedBySwiftIsLocatedAtTheLuaCallerOnItsThread(source: String, line: Int) throws {
    let state = try makeState()
    try state.register("complain") { _ in throw LuaScriptError("no thanks") }
    let error = failure(state, source)
    #expect(error?.messageWithoutPosition == "no thanks")
    #expect(error?.location == ScriptLocation(file: "test", line: line))
  }

  @Test func aLuaErrorReRaisedFromACoroutineIsLocatedWhereLuaRaisedItAgain() throws {
    let state = try makeState()
    let error = failure(
      state,
      "local ok, e = coroutine.resume(coroutine.create(function()\nerror('x') end))\nerror(e, 0)"
    )
    #expect(error?.message == "test:2: x")
    #expect(error?.location == ScriptLocation(file: "test", line: 3))
    #expect(error?.messageWithoutPosition == "test:2: x")
  }

  @Test func aSwiftFunctionRethrowingANestedErrorKeepsWhereItWasFirstRaised() throws {
    let state = try makeState()
    try state.register("callBack") { call in _ = try call.call(try call.function(1)) }
    let error = failure(state, "local function inner()\n  error('deep')\nend\n\ncallBack(inner)")
    #expect(error?.location == ScriptLocation(file: "test", line: 2))
  }

  @Test(arguments: [
    "local x = 1\nprint(where())",
    "local x = 1\ncoroutine.wrap(function()\nprint(where()) end)()",
    "local x = 1\nprint(pcall(where))",
  ])
  func aSwiftFunctionFindsItsCallerOnTheThreadItWasCalledOn(source: String) throws {
    var sandbox = LuaSandbox()
    var printed: [String] = []
    sandbox.output = { printed.append($0) }
    let state = try makeState(sandbox: sandbox)
    try state.register("where") { call in try call.push(call.location()?.description ?? "none") }
    try state.run(source, chunkName: "@calls.lua")
    #expect(printed.joined().contains(source.contains("coroutine") ? "calls.lua:3" : "calls.lua:2"))
  }

  @Test func aLimitIsLocatedWhereTheBudgetRanOut() throws {
    let state = try makeState(limits: LuaState.Limits(memory: 8 << 20, instructions: 100_000))
    let loop = failure(state, "local x = 1\nwhile true do end")
    #expect(loop?.kind == .instructionLimit)
    #expect(loop?.location == ScriptLocation(file: "test", line: 2))
    #expect(loop?.messageWithoutPosition == "instruction limit exceeded")
  }

  @Test func aMemoryErrorIsLocatedWhereTheScriptWas() throws {
    let state = try makeState(limits: LuaState.Limits(memory: 2 << 20, instructions: nil))
    let error = failure(state, "local t = {}\nfor i = 1, 1e9 do t[i] = { i } end")
    #expect(error?.kind == .memoryLimit)
    #expect(error?.location == ScriptLocation(file: "test", line: 2))
    #expect(error?.traceback == "stack traceback:\n\ttest:2: in main chunk")
  }

  @Test func anEngineChargeIsLocatedAtTheSwiftFunctionsCaller() throws {
    let state = try makeState(limits: LuaState.Limits(memory: 2 << 20, instructions: nil))
    try state.register("keep") { _ in try state.chargeEngineMemory(4 << 20) }
    let error = failure(
      state, "local x = 1\nlocal co = coroutine.wrap(function()\n keep()\nend)\nco()")
    #expect(error?.kind == .memoryLimit)
    #expect(error?.location == ScriptLocation(file: "test", line: 3))
  }

  /// The cap is crossed by Lua's heap while a Swift function builds its result: located at the
  /// call, as an engine charge is, not at the instruction after it. (`keep` is filled first, so
  /// that storing a result never allocates.)
  @Test func anAllocationInsideASwiftFunctionIsLocatedAtItsCaller() throws {
    let state = try makeState(limits: LuaState.Limits(memory: 2 << 20, instructions: nil))
    try state.register("grow") { call in
      try call.push(.table(try state.table(array: Array(repeating: .number(1), count: 1_000))))
    }
    let error = failure(
      state,
      """
      local keep = {}
      for i = 1, 256 do keep[i] = false end
      for i = 1, 256 do
        local t = grow()
        keep[i] = t
      end
      """)
    #expect(error?.kind == .memoryLimit)
    #expect(error?.location == ScriptLocation(file: "test", line: 4))
    #expect(
      error?.traceback == "stack traceback:\n\t[C]: in function 'grow'\n\ttest:4: in main chunk")
  }

  /// Larger than the cap's grace: refused at once, and Lua raises the error without running
  /// another instruction, so nothing says where.
  @Test func aMemoryErrorOfOneHugeAllocationHasNoLocation() throws {
    let state = try makeState(limits: LuaState.Limits(memory: 2 << 20, instructions: nil))
    let error = failure(state, "local x = 1\nlocal s = string.rep('x', 64 << 20)")
    #expect(error?.kind == .memoryLimit)
    #expect(error?.location == nil)
    #expect(error?.traceback == nil)
  }
}

@Suite struct LuaTracebackIdentityTests {
  @Test func aScriptsOwnErrorWithTheTextOfACaughtOneGetsItsOwnTraceback() throws {
    let state = try makeState()
    try state.register("callBack") { call in _ = try call.call(try call.function(1)) }
    let error = failure(
      state,
      """
      local long = "a message long enough not to be one of the interned short strings"
      local ok, e = pcall(callBack, function() error(long, 0) end)
      local function again() error(e:upper():lower(), 0) end
      again()
      """)
    #expect(error?.message == "a message long enough not to be one of the interned short strings")
    #expect(error?.traceback?.contains("in local 'again'") == true)
    #expect(error?.traceback?.contains("in function 'callBack'") == false)
    #expect(error?.location == ScriptLocation(file: "test", line: 3))
  }
}
