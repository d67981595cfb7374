import LuaBridge
import Testing

/// Tables made from `LuaFields` (binding libraries): their Swift functions are kept by the state
/// until it closes, not by a userdata of their own.
@Suite struct LuaFieldsTests {
  let tracker = LiveCounter()

  @Test func aTableOfValuesAndFunctions() throws {
    let state = try makeState(sandbox: LuaSandbox())
    var fields = LuaFields()
    fields["name"] = "lib"
    fields["count"] = 3
    fields.function("twice") { call in try call.push(try call.integer(1) * 2) }
    fields["count"] = 4  // the later of two
    try state.setGlobal("lib", .table(try state.table(fields)))
    let answer = try state.run("return lib.name, lib.count, lib.twice(21)", chunkName: "=t")
    #expect(answer.map(\.description) == ["lib", "4", "42"])
  }

  @Test func errorsNameTheFunctionAsTheScriptCalledIt() throws {
    let state = try makeState(sandbox: LuaSandbox())
    var fields = LuaFields()
    fields.function("check") { _ in throw LuaArgumentError(index: 1, "a number expected") }
    let library = LuaValue.table(try state.table(fields))
    try state.setGlobal("lib", library)
    var modules = LuaFields()
    modules["lib"] = library
    try state.setLoadedModules(modules)
    #expect(
      failure(state, "lib.check()")?.message
        == "test:1: bad argument #1 to 'check' (a number expected)")
    #expect(
      failure(state, "local ok, e = pcall(lib.check) error(e, 0)")?.message
        == "bad argument #1 to 'lib.check' (a number expected)")
  }

  /// The function outlives every Lua reference to its table, and goes with the state.
  @Test func theStateKeepsAFunctionUntilItCloses() throws {
    let state = try makeState()
    let counter = Counter(tracker: tracker)
    var fields = LuaFields()
    fields.function("value") { [counter] call in try call.push(counter.value) }
    try state.setGlobals(fields)
    _ = try state.run("keep = value; value = nil; collectgarbage(); collectgarbage()")
    #expect(try evaluate(state, "return keep()").description == "0")
    _ = try state.run("keep = nil; collectgarbage(); collectgarbage()")
    #expect(tracker.live == 1)
    state.close()
    withExtendedLifetime(counter) {}
  }

  @Test func closingReleasesTheFunctions() throws {
    do {
      let state = try makeState()
      var fields = LuaFields()
      let counter = Counter(tracker: tracker)
      fields.function("f") { [counter] _ in _ = counter }
      try state.setGlobals(fields)
      state.close()
    }
    #expect(tracker.live == 0)
  }

  /// A finalizer that runs while the state closes may still call one.
  @Test func aFinalizerRunAtCloseCallsOne() throws {
    let state = try makeState()
    var calls = 0
    var fields = LuaFields()
    fields.function("note") { _ in calls += 1 }
    try state.setGlobals(fields)
    _ = try state.run("held = setmetatable({}, { __gc = function() note() end })")
    state.close()
    #expect(calls == 1)
  }
}
