import LuaBridge
import Testing

/// Globals set with `setLazyGlobals` are made when first read, and nothing a script does can
/// tell them from globals set at once: each probe runs in a state of each kind, and the two must
/// answer alike.
@Suite struct LuaLazyGlobalsTests {
  let tracker = LiveCounter()
  let counterType = LuaObjectType<Counter>(name: "Counter")
  /// "utf8" is a global already: set at once, in both kinds, it replaces the library.
  let names = ["Alpha", "Beta", "Gamma", "utf8"]

  init() { counterType.description { "Counter(\($0.value))" } }

  /// Two libraries, `lib` and `tools`: set at once as globals and loaded modules, or lazily.
  func libraries() -> [(name: String, fields: LuaFields)] {
    var lib = LuaFields()
    lib["version"] = 3
    lib.function("twice") { call in try call.push(try call.integer(1) * 2) }
    lib.function("fail") { _ in throw LuaArgumentError(index: 1, "no good") }
    var tools = LuaFields()
    tools["name"] = "tools"
    return [("lib", lib), ("tools", tools)]
  }

  func state(lazy: Bool, sandbox: Bool = true) throws -> (LuaState, [Counter]) {
    let state = try makeState(sandbox: sandbox ? LuaSandbox() : nil)
    let counters = names.indices.map { index in
      let counter = Counter(tracker: tracker)
      counter.value = index + 1
      return counter
    }
    if lazy {
      try state.setLazyGlobals(.objects(names, counters, as: counterType))
      try state.setLazyGlobals(.libraries(libraries()))
    } else {
      var globals = LuaFields(minimumCapacity: names.count)
      for (name, counter) in zip(names, counters) { globals[name] = .object(counter, counterType) }
      try state.setGlobals(globals)
      for (name, fields) in libraries() {
        let table = LuaValue.table(try state.table(fields))
        try state.setGlobal(name, table)
        try state.setLoadedModule(name, table)
      }
    }
    return (state, counters)
  }

  /// What `source` returns, or its error's message.
  func answer(_ source: String, lazy: Bool, sandbox: Bool = true) throws -> String {
    let (state, counters) = try state(lazy: lazy, sandbox: sandbox)
    defer { withExtendedLifetime(counters) { state.close() } }
    do {
      return try state.run(source, chunkName: "=probe").map(\.description).joined(separator: " ")
    } catch let error as LuaError {
      return "error: \(error.message)"
    }
  }

  static let probes = [
    "return tostring(Alpha), tostring(Beta), type(Gamma)",
    "return tostring(rawget(_G, 'Beta'))",
    "Alpha = nil; return tostring(Alpha)",
    "rawset(_G, 'Alpha', nil); return tostring(Alpha), tostring(Beta)",
    "Beta = 5; return Beta, tostring(Gamma)",
    "return tostring(getmetatable(_G))",
    "local n = {} for k, v in pairs(_G) do if type(v) == 'userdata' then n[#n + 1] = k end end return table.concat(n, ',')",
    "local count, k = 0, next(_G) while k ~= nil do count = count + 1 k = next(_G, k) end return count",
    "setmetatable(_G, { __index = function(_, k) return 'missing ' .. k end }) return Alphabet, tostring(Beta)",
    "return tostring(Delta), tostring(_G.Delta), tostring(_G[1]), #_G",
    "return tostring(load('return Gamma', 'x', 't', _G)())",
    "return coroutine.wrap(function() return tostring(Beta) end)()",
    "local t = setmetatable({}, { __index = _G }) return tostring(t.Gamma)",
    "return type(utf8), tostring(utf8)",
    "for k in pairs(_G) do end return tostring(getmetatable(_G)), tostring(Alpha)",
    "local ok, e = pcall(function() return rawget() end) return e",
    "local ok, e = pcall(rawset, _G) return e",
    "local ok, e = pcall(function() return getmetatable() end) return e",
    "local ok, e = pcall(setmetatable, _G, 5) return e",
    "local ok, e = pcall(function() return next({}, 'nokey') end) return e",
    "return rawequal(Alpha, _G.Alpha), rawequal(Alpha, rawget(_G, 'Alpha'))",
    "Epsilon = 1; return Epsilon, tostring(rawget(_G, 'Epsilon'))",
    "Alpha = Alpha; collectgarbage(); return tostring(Alpha)",
    "return lib.twice(21), lib.version, tools.name",
    "return rawequal(require('lib'), lib), rawequal(package.loaded.tools, tools)",
    "return type(rawget(package.loaded, 'lib')), type(rawget(_G, 'tools'))",
    "local n = {} for k in pairs(package.loaded) do n[#n + 1] = k end return table.concat(n, ',')",
    "local count, k = 0, next(package.loaded) while k ~= nil do count = count + 1 k = next(package.loaded, k) end return count",
    "lib = nil; return tostring(lib), type(package.loaded.lib)",
    "package.loaded.lib = 5; return type(lib), package.loaded.lib",
    "rawset(package.loaded, 'tools', nil); return type(tools), tostring(package.loaded.tools)",
    "return tostring(getmetatable(package.loaded)), type(require('tools'))",
    "local ok, e = pcall(lib.fail) return e",
    "local ok, e = pcall(function() lib.fail() end) return e",
    "setmetatable(package.loaded, {}) return type(package.loaded.lib), type(lib)",
    "return coroutine.wrap(function() return lib.twice(4), require('tools').name end)()",
    "return coroutine.wrap(function() local n = 0 for k in pairs(_G) do n = n + 1 end return n end)()",
  ]

  @Test(arguments: probes)
  func aScriptCannotTellLazyGlobals(probe: String) throws {
    let eager = try answer(probe, lazy: false)
    #expect(try answer(probe, lazy: true) == eager)
  }

  /// Lua's own `next`, `pairs`, `rawget`, without the sandbox.
  @Test(arguments: [
    "local n = 0 for k, v in pairs(_G) do if type(v) == 'userdata' then n = n + 1 end end return n",
    "local n, k = 0, next(_G) while k ~= nil do n = n + 1 k = next(_G, k) end return n",
    "return tostring(rawget(_G, 'Gamma')), tostring(getmetatable(_G))",
  ])
  func evenWithoutTheSandbox(probe: String) throws {
    let eager = try answer(probe, lazy: false, sandbox: false)
    #expect(try answer(probe, lazy: true, sandbox: false) == eager)
  }

  @Test func aLibraryIsMadeWhenFirstReadByEitherName() throws {
    let (state, counters) = try state(lazy: true)
    defer { withExtendedLifetime(counters) { state.close() } }
    #expect(state.lazyGlobalsWaiting == 5)
    #expect(try evaluate(state, "return require('lib').version").description == "3")
    #expect(state.lazyGlobalsWaiting == 4)
    guard case .table = try state.global("tools") else {
      Issue.record("tools is not a table")
      return
    }
    #expect(state.lazyGlobalsWaiting == 3)
  }

  @Test func aGlobalIsMadeWhenFirstRead() throws {
    let (state, counters) = try state(lazy: true)
    defer { withExtendedLifetime(counters) { state.close() } }
    _ = try state.run("return lib, tools")
    // utf8 was a global already: set at once.
    #expect(state.lazyGlobalsWaiting == 3)
    #expect(try evaluate(state, "return tostring(Alpha)").asString == "Counter(1)")
    #expect(state.lazyGlobalsWaiting == 2)
    #expect(try state.global("Beta").object(as: Counter.self) === counters[1])
    #expect(state.lazyGlobalsWaiting == 1)
    // The host walking the globals table sees every global.
    guard case .table(let globals) = try state.global("_G") else {
      Issue.record("no _G")
      return
    }
    let keys = try state.entries(of: globals).compactMap(\.key.asString)
    #expect(Set(names).isSubset(of: Set(keys)))
    #expect(state.lazyGlobalsWaiting == 0)
  }

  /// Only the globals table and package.loaded make them: other tables are walked and read as
  /// ever, the globals left waiting.
  @Test func otherTablesLeaveThemWaiting() throws {
    let (state, counters) = try state(lazy: true)
    defer { withExtendedLifetime(counters) { state.close() } }
    let source = """
      local t, n = { a = 1, b = 2 }, 0
      for k in pairs(t) do n = n + 1 end
      local k = next(t)
      rawset(t, 'c', rawget(t, 'a'))
      setmetatable(t, getmetatable(t))
      return n + (k and 1 or 0) + t.c
      """
    #expect(try evaluate(state, source).description == "4")
    #expect(state.lazyGlobalsWaiting == 5)
  }

  @Test func aGlobalTheHostSetsReplacesAWaitingOne() throws {
    let (state, counters) = try state(lazy: true)
    defer { withExtendedLifetime(counters) { state.close() } }
    try state.setGlobal("Alpha", 7)
    try state.register("Beta") { call in try call.push("a function") }
    #expect(try evaluate(state, "return Alpha").description == "7")
    #expect(try evaluate(state, "return Beta()").description == "a function")
    #expect(try evaluate(state, "Alpha = nil; return tostring(Alpha)").asString == "nil")
    // Gamma, lib and tools wait still.
    #expect(state.lazyGlobalsWaiting == 3)
    // A library the host replaces stays its loaded module.
    try state.setGlobal("lib", 1)
    #expect(try evaluate(state, "return lib + package.loaded.lib.version").description == "4")
  }

  /// A key longer than every lazy name is not hashed to be looked up: reading and setting one a
  /// few thousand times, 16 MiB long, hashed 96 GB before.
  @Test(.timeLimit(.minutes(1))) func aLongKeyIsNoLazyGlobal() throws {
    let (state, counters) = try state(lazy: true)
    defer { withExtendedLifetime(counters) { state.close() } }
    let source = """
      local key = string.rep("x", 16 << 20)
      for i = 1, 3000 do local v = _G[key]; _G[key] = nil end
      return tostring(_G[key])
      """
    #expect(try evaluate(state, source).asString == "nil")
    #expect(state.lazyGlobalsWaiting == 5)
  }

  @Test func closingReleasesTheObjectsReadOrNot() throws {
    do {
      let (state, counters) = try state(lazy: true)
      _ = try evaluate(state, "return Alpha")
      #expect(tracker.live == names.count)
      _ = counters
      state.close()
    }
    #expect(tracker.live == 0)
  }

  /// A table's own metatable is left to it: the globals are then set at once.
  @Test func aGlobalsTableWithAMetatableGetsThemAtOnce() throws {
    let state = try makeState(sandbox: LuaSandbox())
    let counters = names.map { _ in Counter(tracker: tracker) }
    defer { withExtendedLifetime(counters) { state.close() } }
    _ = try state.run("setmetatable(_G, { __index = function() return 'mine' end })")
    try state.setLazyGlobals(.objects(names, counters, as: counterType))
    #expect(state.lazyGlobalsWaiting == 0)
    #expect(try evaluate(state, "return rawget(_G, 'Gamma') ~= nil").description == "true")
    #expect(try evaluate(state, "return Nope").asString == "mine")
  }
}
