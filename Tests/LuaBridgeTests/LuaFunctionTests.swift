import LuaBridge
import Testing

private struct Refusal: Error, CustomStringConvertible {
  var description: String { "refused by Swift" }
}

@Suite struct LuaFunctionTests {
  @Test func swiftFunctionsReceiveArgumentsAndReturnSeveralResults() throws {
    let state = try makeState()
    try state.register("divide") { call in
      let a = try call.integer(1)
      let b = try call.integer(2)
      try call.push(a / b)
      try call.push(a % b)
      try call.push(try call.optionalString(3) ?? "none")
    }
    let results = try state.run("return divide(17, 5)", chunkName: "=test")
    #expect(results.map(\.description) == ["3", "2", "none"])
  }

  @Test(arguments: [
    ("count('x')", "test:1: bad argument #1 to 'count' (number expected, got string)"),
    ("count()", "test:1: bad argument #1 to 'count' (number expected, got no value)"),
    ("count(1.5)", "test:1: bad argument #1 to 'count' (number has no integer representation)"),
    ("count(1, {})", "test:1: bad argument #2 to 'count' (string expected, got table)"),
  ])
  func wrongArgumentTypesGiveLuasOwnMessage(source: String, message: String) throws {
    let state = try makeState()
    try state.register("count") { call in
      _ = try call.integer(1)
      _ = try call.optionalString(2)
    }
    #expect(failure(state, source)?.message == message)
  }

  @Test func aThrowingSwiftFunctionRaisesALuaErrorAtTheCallersPosition() throws {
    let state = try makeState()
    try state.register("refuse") { _ in throw Refusal() }
    try state.register("complain") { _ in throw LuaScriptError("no thanks") }
    let error = failure(state, "local x = 1\nrefuse()")
    #expect(error?.kind == .runtime)
    #expect(error?.message == "test:2: refused by Swift")
    #expect(error?.traceback?.contains("in function 'refuse'") == true)
    let caught = try state.run(
      "return pcall(function() complain() end)", chunkName: "=test")
    #expect(caught.map(\.description) == ["false", "test:1: no thanks"])
    // Called by pcall itself there is no Lua caller to take a position from, as with error().
    let direct = try state.run("return pcall(complain)", chunkName: "=test")
    #expect(direct.map(\.description) == ["false", "no thanks"])
  }

  @Test func luaErrorsInsideSwiftInsideLuaKeepTheOriginalErrorValueAndTraceback() throws {
    let state = try makeState()
    try state.register("callBack") { call in
      let callback = try call.function(1)
      _ = try call.call(callback)
    }
    let identity = try state.run(
      """
      local token = {}
      local ok, err = pcall(callBack, function() error(token) end)
      return ok, err == token
      """, chunkName: "=test")
    #expect(identity.map(\.description) == ["false", "true"])

    let error = failure(
      state,
      """
      local function inner() error("deep") end
      local function outer() callBack(inner) end
      outer()
      """)
    #expect(error?.message == "test:1: deep")
    let traceback = error?.traceback ?? ""
    // One traceback from the raise point down through Swift to the main chunk.
    #expect(traceback.contains("test:1: in "))
    #expect(traceback.contains("in function 'callBack'"))
    #expect(traceback.contains("test:2: in "))
    #expect(traceback.contains("test:3: in main chunk"))
  }

  @Test func syntaxErrorsNameTheChunkAndLine() throws {
    let state = try makeState()
    let error = failure(state, "local a = 1\nlocal = 2")
    #expect(error?.kind == .syntax)
    #expect(error?.message == "test:2: <name> expected near '='")
  }

  @Test func tenThousandErrorRoundTripsLeaveNoSwiftObjectAlive() throws {
    let tracker = LiveCounter()
    let counterType = LuaObjectType<Counter>(name: "Counter")
    do {
      let state = try makeState()
      try state.register("make") { call in try call.push(Counter(tracker: tracker), as: counterType)
      }
      try state.register("consume") { call in
        let counter = try call.object(1, as: counterType)
        let temporary = Counter(tracker: tracker)  // lives in the throwing Swift frame
        counter.value = temporary.value
        throw LuaScriptError("consumed")
      }
      try state.register("callBack") { call in _ = try call.call(try call.function(1)) }
      let failures = try state.run(
        """
        local failures = 0
        for i = 1, 10000 do
          if not pcall(consume, make()) then failures = failures + 1 end
          if not pcall(callBack, function() consume(make()) end) then failures = failures + 1 end
          if not pcall(consume, "not a counter") then failures = failures + 1 end
        end
        return failures
        """, chunkName: "=test")
      #expect(failures.first?.asInteger == 30_000)
      state.collectGarbage()
      #expect(tracker.created == 40_000)
      #expect(tracker.live == 0)
    }
    #expect(tracker.live == 0)
  }

  @Test func swiftFunctionsBecomeCollectableWhenLuaDropsThem() throws {
    let tracker = LiveCounter()
    let state = try makeState()
    do {
      let captured = Counter(tracker: tracker)
      let function = try state.function { call in try call.push(captured.value) }
      try state.setGlobal("f", .function(function))
    }
    #expect(tracker.live == 1)
    try state.run("f = nil")
    state.collectGarbage()
    #expect(tracker.live == 0)
  }

  @Test func closingTheStateReleasesEverySwiftObjectLuaHeld() throws {
    let tracker = LiveCounter()
    let counterType = LuaObjectType<Counter>(name: "Counter")
    let state = try makeState()
    try state.register("make") { call in try call.push(Counter(tracker: tracker), as: counterType) }
    try state.run("kept = {}; for i = 1, 100 do kept[i] = make() end")
    #expect(tracker.live == 100)
    state.close()
    #expect(tracker.live == 0)
  }
}
