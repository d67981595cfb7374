import LuaBridge
import Testing

@Suite struct LuaLimitsTests {
  static let small = LuaState.Limits(memory: 8 << 20, instructions: 2_000_000)

  @Test(arguments: [
    "while true do end",
    "while true do pcall(function() while true do end end) end",
    "while true do pcall(error, 'swallowed') end",
    "local co = coroutine.wrap(function() while true do end end); co()",
    "while true do coroutine.resume(coroutine.create(function() while true do end end)) end",
    "local function f() return pcall(f) end; while true do f() end",
    "while true do xpcall(function() while true do end end, function(m) while true do end end) end",
    "xpcall(error, function(m) while true do end end)",
    "setmetatable({}, { __gc = function() while true do end end }); collectgarbage(); while true do end",
    "do setmetatable({}, { __gc = function() while true do end end }) end; collectgarbage(); return 1",
    "local mt = { __gc = true }; do setmetatable({}, mt) end; mt.__gc = function() while true do end end; collectgarbage(); return 1",
    "local mt = { __gc = false }; local t = setmetatable({}, mt); getmetatable(t).__gc = function() while true do end end; t = nil; collectgarbage(); return 1",
    "local mt = { __gc = print }; do setmetatable({}, mt) end; rawset(mt, '__gc', setmetatable({}, { __call = function() while true do end end })); collectgarbage(); return 1",
    "local t <close> = setmetatable({}, { __close = function() while true do end end }); while true do end",
  ])
  func endlessLoopsStopAtTheInstructionBudget(source: String) throws {
    let state = try makeState(limits: Self.small, sandbox: LuaSandbox())
    let error = failure(state, source)
    #expect(error?.kind == .instructionLimit)
    #expect(error?.message.hasPrefix("test:1: ") == true)
    #expect(error?.message.hasSuffix("instruction limit exceeded") == true)
    #expect(error?.traceback?.contains("test:1: in ") == true)
  }

  /// A finalizer whose allocation is refused at once (too large for the cap's grace) stops the
  /// scripts where the finalizer was, with the finalizer's frames: not at the host's own code
  /// that ran it, and not announced as the instruction limit.
  @Test func aFinalizerStoppedByTheCapIsLocatedInTheFinalizer() throws {
    let state = try makeState(
      limits: LuaState.Limits(memory: 8 << 20, instructions: nil), sandbox: LuaSandbox())
    var warnings: [String] = []
    state.warningHandler = { warnings.append($0) }
    let error = failure(
      state,
      """
      do
        setmetatable({}, { __gc = function()
          local s = "x"
          while true do s = s .. s end
        end })
      end
      collectgarbage()
      return 1
      """)
    #expect(error?.kind == .memoryLimit)
    #expect(error?.location == ScriptLocation(file: "test", line: 4))
    #expect(error?.traceback == "stack traceback:\n\ttest:4: in function <test:2>")
    #expect(warnings.isEmpty)
  }

  /// The finalizers of objects still alive run as the state closes, after the scripts' last
  /// instruction: `finish` throws the limit that stopped one, as a call would have had the
  /// collector run it earlier; an error that is not a limit stays a warning.
  @Test(arguments: [
    ("while true do end", LuaError.Kind.instructionLimit),
    ("local t = {}; for i = 1, 1e9 do t[i] = { i } end", .memoryLimit),
    ("local s = 'x'; while true do s = s .. s end", .memoryLimit),
  ])
  func finishThrowsTheLimitThatStoppedAFinalizerAtClose(body: String, kind: LuaError.Kind)
    throws
  {
    let state = try makeState(limits: Self.small, sandbox: LuaSandbox())
    var warnings: [String] = []
    state.warningHandler = { warnings.append($0) }
    try state.run(
      "kept = setmetatable({}, { __gc = function()\n  \(body)\nend })", chunkName: "=test")
    do {
      try state.finish()
      Issue.record("finish did not throw")
    } catch let error as LuaError {
      #expect(error.kind == kind)
      #expect(error.location == ScriptLocation(file: "test", line: 2))
      #expect(error.traceback == "stack traceback:\n\ttest:2: in function <test:1>")
    }
    #expect(state.isClosed)
    #expect(warnings.isEmpty)
  }

  @Test func finishLeavesAFinalizersErrorAWarning() throws {
    let state = try makeState(limits: Self.small, sandbox: LuaSandbox())
    var warnings: [String] = []
    state.warningHandler = { warnings.append($0) }
    try state.run("kept = setmetatable({}, { __gc = function() error('boom') end })")
    try state.finish()
    #expect(warnings == ["error in __gc (lua:1: boom)"])
  }

  @Test func aScriptThatCatchesTheLimitSeesAnErrorAndIsStoppedAnyway() throws {
    let state = try makeState(limits: Self.small)
    try state.register("report") { _ in }
    let error = failure(
      state,
      """
      local caught = 0
      while true do
        local ok = pcall(function() while true do end end)
        if not ok then caught = caught + 1 end
        report(caught)
      end
      """)
    #expect(error?.kind == .instructionLimit)
  }

  @Test func theStateIsUsableAgainAfterTheBudgetIsReset() throws {
    let state = try makeState(limits: Self.small)
    #expect(failure(state, "while true do end")?.kind == .instructionLimit)
    #expect(failure(state, "return 1")?.kind == .instructionLimit)
    state.resetInstructionBudget()
    #expect(try evaluate(state, "return 1 + 1").asInteger == 2)
  }

  @Test func theBudgetCountsInstructionsDeterministically() throws {
    func used() throws -> Int {
      let state = try makeState(limits: Self.small)
      try state.run("local s = 0; for i = 1, 100000 do s = s + i end")
      return state.instructionsUsed
    }
    let first = try used()
    #expect(first > 100_000)
    #expect(try used() == first)
  }

  @Test(arguments: [
    "local t = {}; for i = 1, 1e9 do t[i] = { i } end",
    "local s = 'x'; while true do s = s .. s end",
    "return string.rep('x', 1 << 30)",
    "local t = {}; for i = 1, 1e9 do t[#t + 1] = tostring(i) .. ('y'):rep(100) end",
    "local t = {}; while true do t[#t + 1] = coroutine.create(print) end",
  ])
  func memoryBombsStopAtTheCap(source: String) throws {
    let state = try makeState(limits: LuaState.Limits(memory: 8 << 20, instructions: nil))
    let error = failure(state, source)
    #expect(error?.kind == .memoryLimit)
    // The cap, the grace the allocation that reaches it may take (an eighth of the cap), and
    // the message handler's reserve.
    #expect(state.peakMemory <= (8 << 20) + (1 << 20) + (256 << 10))
  }

  @Test func aMemoryErrorCaughtByTheScriptLeavesTheStateUsable() throws {
    let state = try makeState(limits: LuaState.Limits(memory: 8 << 20, instructions: nil))
    let results = try state.run(
      "local ok, err = pcall(string.rep, 'x', 1 << 20); return ok, err",
      chunkName: "=test")
    #expect(results.map(\.description) == ["true", String(repeating: "x", count: 1 << 20)])
    #expect(try evaluate(state, "return #string.rep('x', 1000)").asInteger == 1000)
  }

  /// Like a spent instruction budget, the cap ends the scripts even when one catches its error
  /// (the sandbox's promise: the run still ends with the limit's message).
  @Test(arguments: [
    "local ok, err = pcall(string.rep, 'x', 64 << 20); print('carrying on'); return ok, err",
    "while true do pcall(function() local t = {} for i = 1, 1e9 do t[i] = { i } end end) end",
    "local co = coroutine.wrap(function() pcall(string.rep, 'x', 64 << 20); while true do end end); co()",
    "coroutine.resume(coroutine.create(function() local s = ('x'):rep(64 << 20) end)); return 1",
  ])
  func aMemoryErrorCaughtByTheScriptStillEndsTheRun(source: String) throws {
    let state = try makeState(
      limits: LuaState.Limits(memory: 8 << 20, instructions: nil), sandbox: LuaSandbox())
    let error = failure(state, source)
    #expect(error?.kind == .memoryLimit)
    #expect(error?.message == "not enough memory")
    #expect(failure(state, "return 1")?.kind == .memoryLimit)
    state.resetInstructionBudget()
    #expect(try evaluate(state, "return #string.rep('x', 1000)").asInteger == 1000)
  }

  @Test func aSwiftFunctionThatPushesPastTheCapRaisesAMemoryErrorWithoutCrashing() throws {
    let state = try makeState(limits: LuaState.Limits(memory: 4 << 20, instructions: nil))
    let huge = String(repeating: "x", count: 8 << 20)
    try state.register("huge") { call in try call.push(huge) }
    let error = failure(state, "return huge()")
    #expect(error?.kind == .memoryLimit)
    state.resetInstructionBudget()
    let caught = failure(state, "local ok, message = pcall(huge); return ok, message")
    #expect(caught?.kind == .memoryLimit)
  }

  /// A cap as large as `Int.max` (an embedder's `Options.maxMemory`) is no cap in practice; the
  /// parse of a chunk, capped at what the heap holds plus the cap, must not overflow (issue 29:
  /// `--max-memory 9223372036854775807` died of SIGILL there).
  @Test func theLargestCapLoadsAndRunsChunks() throws {
    let state = try makeState(
      limits: LuaState.Limits(memory: Int.max, instructions: Int.max), sandbox: LuaSandbox())
    let chunk = try state.loadCompiled("return 1 + 1", chunkName: "=test")
    #expect(try state.call(chunk).first?.asInteger == 2)
    try state.chargeEngineMemory(1 << 20)
    #expect(state.engineMemoryInUse == 1 << 20)
  }

  @Test func aStateTooSmallToStartIsAnError() {
    #expect(throws: LuaError.self) { try LuaState(limits: LuaState.Limits(memory: 1024)) }
  }

  @Test func engineMemoryCountsAgainstTheCapWithTheHeap() throws {
    let state = try makeState(limits: Self.small, sandbox: LuaSandbox())
    try state.chargeEngineMemory(6 << 20)
    #expect(state.engineMemoryInUse == 6 << 20)
    // The heap now has 2 MiB of the 8: a 2 MiB string (built in a buffer) no longer fits.
    #expect(failure(state, "local s = string.rep('x', 2 << 20)")?.kind == .memoryLimit)
    state.resetInstructionBudget()
    state.creditEngineMemory(6 << 20)
    #expect(state.engineMemoryInUse == 0)
    #expect(failure(state, "local s = string.rep('x', 2 << 20)") == nil)
    // A charge past the cap throws the cap's error and stops the scripts, pcall or not.
    #expect(throws: LuaError.self) { try state.chargeEngineMemory(9 << 20) }
    #expect(state.memoryLimitReached)
    #expect(failure(state, "pcall(string.rep, 'x', 10); return 1")?.kind == .memoryLimit)
    // Giving back more than was charged leaves nothing charged, not a wrapped-around count.
    state.creditEngineMemory(100 << 20)
    #expect(state.engineMemoryInUse == 0)
    state.close()
    try state.chargeEngineMemory(100 << 20)
    #expect(state.engineMemoryInUse == 0)
  }
}
