import LuaBridge
import Testing

/// One interrupt flag serves the whole process, so these tests take turns.
@Suite(.serialized) struct LuaInterruptTests {
  /// A state without an instruction budget, with `interrupt()` to press Ctrl-C from a script.
  func interruptibleState() throws -> LuaState {
    let state = try makeState(limits: LuaState.Limits(memory: 8 << 20, instructions: nil))
    state.isInterruptible = true
    try state.register("interrupt") { _ in LuaInterrupt.request() }
    return state
  }

  @Test(arguments: [
    "interrupt() while true do end",
    "interrupt() while true do pcall(function() while true do end end) end",
    "interrupt() local co = coroutine.wrap(function() while true do end end); co()",
  ])
  func anInterruptStopsAnEndlessLoopWithoutABudget(source: String) throws {
    defer { LuaInterrupt.clear() }
    let state = try interruptibleState()
    let error = failure(state, source)
    #expect(error?.kind == .interrupted)
    #expect(error?.message == "test:1: interrupted")
    #expect(error?.location == ScriptLocation(file: "test", line: 1))
    #expect(error?.traceback?.contains("test:1: in ") == true)
  }

  @Test func aSwiftLoopThatChecksStopsTheScriptThatCalledIt() throws {
    defer { LuaInterrupt.clear() }
    let state = try interruptibleState()
    var turns = 0
    try state.register("spin") { [unowned state] _ in
      while true {
        turns += 1
        if turns == 3 { LuaInterrupt.request() }
        try state.stopIfInterrupted()
      }
    }
    let error = failure(state, "local ok = pcall(spin)\nwhile true do end")
    #expect(error?.kind == .interrupted)
    #expect(error?.message == "test:1: interrupted")
    #expect(error?.location == ScriptLocation(file: "test", line: 1))
    #expect(turns == 3)
  }

  @Test func theStateRunsAgainOnceTheInterruptIsClearedAndTheBudgetReset() throws {
    defer { LuaInterrupt.clear() }
    let state = try interruptibleState()
    #expect(failure(state, "interrupt() while true do end")?.kind == .interrupted)
    LuaInterrupt.clear()
    #expect(failure(state, "return 1")?.kind == .interrupted)
    state.resetInstructionBudget()
    #expect(try evaluate(state, "return 1 + 1").asInteger == 2)
  }

  @Test func aStateThatIsNotInterruptibleRunsOn() throws {
    defer { LuaInterrupt.clear() }
    let state = try makeState(limits: LuaState.Limits(memory: 8 << 20, instructions: 1_000_000))
    try state.register("interrupt") { _ in LuaInterrupt.request() }
    #expect(try evaluate(state, "interrupt() for i = 1, 10000 do end return 1").asInteger == 1)
    try state.stopIfInterrupted()
    #expect(LuaInterrupt.isRequested)
  }
}
