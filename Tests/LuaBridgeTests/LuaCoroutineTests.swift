import LuaBridge
import Testing

/// Swift functions called from inside a coroutine must work on that coroutine's stack: the main
/// thread is suspended in `coroutine.resume` meanwhile, and touching its stack corrupts it.
@Suite struct LuaCoroutineTests {
  /// A state whose globals call every LuaState operation a binding may use, on the values the
  /// script passes: each must act on the thread that called it.
  private func stateWithBindings() throws -> LuaState {
    let state = try makeState(sandbox: LuaSandbox())
    try state.register("get") { call in
      try call.push(try state.get(try call.table(1), try call.value(2)))
    }
    try state.register("set") { call in
      try state.set(try call.table(1), try call.value(2), try call.value(3))
    }
    try state.register("describe") { call in try call.push(try state.describe(try call.value(1))) }
    try state.register("global") { call in try call.push(try state.global(try call.string(1))) }
    try state.register("setglobal") { call in
      try state.setGlobal(try call.string(1), try call.value(2))
    }
    try state.register("define") { call in
      let name = try call.string(1)
      try state.register(name) { inner in try inner.push("I am " + name) }
    }
    try state.register("entries") { call in
      let entries = try state.entries(of: try call.table(1))
      try call.push(entries.count)
    }
    try state.register("maketable") { call in
      try call.push(.table(try state.table(array: [1, 2], fields: ["name": "made"])))
    }
    try state.register("makefunction") { call in
      try call.push(.function(try state.function { inner in try inner.push(7) }))
    }
    try state.register("evaluate") { call in
      let chunk = try state.load(try call.string(1), chunkName: "=evaluated")
      try call.push(try state.call(chunk).first ?? .nil)
    }
    try state.register("first") { call in
      let function = try call.function(1)
      let argument = try call.value(2)
      try call.push(try state.callReturningFirst(function) { try $0.push(argument) })
    }
    try state.register("arity") { call in
      try call.push(state.parameterCount(of: try call.function(1)) ?? -1)
    }
    try state.register("where") { call in
      try call.push(state.callerLocation()?.description ?? "nowhere")
    }
    return state
  }

  private static let everyBinding = """
    local proxy = setmetatable({}, { __index = function(_, k) return k .. "!" end,
      __newindex = function(t, k, v) rawset(t, k, v * 2) end,
      __tostring = function() return "a proxy" end })
    local function everything(i)
      assert(get(proxy, "k" .. i) == "k" .. i .. "!")
      local fresh = setmetatable({}, getmetatable(proxy))
      set(fresh, "n", i)
      assert(rawget(fresh, "n") == 2 * i)
      assert(describe(proxy) == "a proxy")
      setglobal("shared", i)
      assert(global("shared") == i and shared == i)
      define("greet" .. i)
      assert(_G["greet" .. i]() == "I am greet" .. i)
      assert(entries({ 1, 2, x = 3 }) == 3)
      local made = maketable()
      assert(made[2] == 2 and made.name == "made")
      assert(makefunction()() == 7)
      assert(evaluate("return 6 * 7") == 42)
      assert(first(function(x) return x + 1 end, i) == i + 1)
      assert(arity(function(a, b, ...) end) == 2)
      assert(where() == "test:" .. debug.getinfo(1, "l").currentline)
      return i
    end

    """

  @Test func everyOperationActsOnTheCoroutineThatCalledIt() throws {
    let state = try stateWithBindings()
    let results = try state.run(
      Self.everyBinding
        + """
        local a, b, c = "main", "stack", "values"
        local total = 0
        for i = 1, 200 do
          local ok, result = pcall(coroutine.wrap(everything), i)
          assert(ok, result)
          total = total + result
          -- A coroutine that is suspended with a binding's work half done on its own stack.
          local co = coroutine.wrap(function() coroutine.yield(everything(i)); return everything(-i) end)
          assert(co() == i and co() == -i)
        end
        return total, a .. b .. c
        """, chunkName: "=test")
    #expect(results.map(\.description) == ["20100", "mainstackvalues"])
  }

  @Test func operationsNestedInCoroutinesInsideCoroutinesUseTheInnermost() throws {
    let state = try stateWithBindings()
    let results = try state.run(
      Self.everyBinding
        + """
        local function deeper(depth)
          if depth == 0 then return everything(7) end
          return coroutine.wrap(function() return everything(depth) + deeper(depth - 1) end)()
        end
        return deeper(20)
        """, chunkName: "=test")
    #expect(results.first?.asInteger == 7 + (1...20).reduce(0, +))
  }

  @Test func anErrorInsideACoroutineBindingIsReportedAtTheScriptsLine() throws {
    let state = try stateWithBindings()
    let error = failure(
      state,
      """
      local proxy = setmetatable({}, { __index = function() error("no such key") end })
      for i = 1, 200 do
        local ok, message = pcall(coroutine.wrap(function() return get(proxy, "k") end))
        assert(not ok and message:find("test:1: no such key", 1, true), message)
      end
      coroutine.wrap(function() return get(proxy, "k") end)()
      """)
    // coroutine.wrap adds where the coroutine was resumed, as in Lua.
    #expect(error?.message == "test:6: test:1: no such key")
    #expect(try evaluate(state, "return 1 + 1").asInteger == 2)
  }
}
