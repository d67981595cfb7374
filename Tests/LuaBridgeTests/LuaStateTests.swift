import LuaBridge
import Testing

@Suite struct LuaStateTests {
  @Test func scalarsCrossIntoLuaAndBackUnchanged() throws {
    let state = try makeState()
    let echo = try state.load("return ...", chunkName: "=echo")
    let values: [LuaValue] = [
      .nil, true, false, 0, -7, .integer(Int.max), 2.5, .number(-0.125), "",
      "ünïcödé ✓", .string("nul\u{0}inside"),
    ]
    let results = try state.call(echo, values)
    #expect(results.count == values.count)
    for (sent, received) in zip(values, results) {
      #expect(sent.description == received.description)
      #expect(sent.typeName == received.typeName)
    }
  }

  @Test func integersAndFloatsKeepTheirLuaSubtype() throws {
    let state = try makeState()
    let results = try state.run("return 3, 3.0, 2^53, 7 // 2", chunkName: "=test")
    #expect(results.map(\.description) == ["3", "3.0", "9.007199254741e+15", "3"])
    #expect(results[0].asInteger == 3)
    #expect(results[3].asInteger == 3)
  }

  @Test func tablesAreBuiltAndReadThroughTheirReference() throws {
    let state = try makeState()
    let table = try state.table(array: [1, "two"], fields: ["name": "lifescript", "on": true])
    let count = try state.load("local t = ...; return #t, t[2], t.name, t.on", chunkName: "=t")
    let results = try state.call(count, [.table(table)])
    #expect(results.map(\.description) == ["2", "two", "lifescript", "true"])
    try state.set(table, "added", 42)
    #expect(try state.get(table, "added").asInteger == 42)
  }

  @Test func aTableHasOneAddressWhateverReferenceReachesIt() throws {
    let state = try makeState()
    let results = try state.run(
      "local t = {}; t.self = t; return t, t, {}", chunkName: "=addresses")
    guard case .table(let first) = results[0], case .table(let second) = results[1],
      case .table(let other) = results[2],
      case .table(let inner)? = try state.entries(of: first)
        .first?.value
    else {
      Issue.record("tables expected: \(results)")
      return
    }
    let address = try state.address(of: first)
    #expect(address != nil)
    #expect(try state.address(of: second) == address)
    #expect(try state.address(of: inner) == address)
    #expect(try state.address(of: other) != address)
  }

  @Test func getAndSetHonourMetamethodsAndReportTheirErrors() throws {
    let state = try makeState()
    guard
      case .table(let proxy) = try evaluate(
        state,
        """
        return setmetatable({}, {
          __index = function(_, key) return key .. "!" end,
          __newindex = function() error("read-only table") end,
        })
        """)
    else {
      Issue.record("expected a table")
      return
    }
    #expect(try state.get(proxy, "hi").asString == "hi!")
    #expect(throws: LuaError.self) { try state.set(proxy, "x", 1) }
    do {
      try state.set(proxy, "x", 1)
    } catch let error as LuaError {
      #expect(error.message == "test:3: read-only table")
    }
  }

  @Test func globalsAreReadAndWrittenWithoutMetamethods() throws {
    let state = try makeState()
    try state.run("setmetatable(_G, { __index = function() error('no') end })")
    #expect(try state.global("missing").isNil)
    try state.setGlobal("answer", 42)
    #expect(try evaluate(state, "return answer").asInteger == 42)
  }

  @Test func functionsCrossAsReferencesAndCanBeCalledLater() throws {
    let state = try makeState()
    guard case .function(let add) = try evaluate(state, "return function(a, b) return a + b end")
    else {
      Issue.record("expected a function")
      return
    }
    #expect(try state.call(add, [2, 3]).first?.asInteger == 5)
  }

  @Test func referencesReleaseTheirRegistrySlots() throws {
    let state = try makeState()
    state.collectGarbage()
    for _ in 0..<100 { _ = try state.table() }
    state.collectGarbage()
    let baseline = state.memoryInUse
    for _ in 0..<10_000 { _ = try state.table(array: [1, 2, 3]) }
    state.collectGarbage()
    #expect(state.memoryInUse <= baseline + 4096)
  }

  @Test func aClosedStateLeavesItsReferencesInert() throws {
    let state = try makeState()
    let table = try state.table()
    state.close()
    #expect(state.isClosed)
    _ = table  // deinit after close must not touch the freed state
  }

  @Test func describeUsesTostringMetamethods() throws {
    let state = try makeState()
    let value = try evaluate(
      state, "return setmetatable({}, { __tostring = function() return 'pretty' end })")
    #expect(try state.describe(value) == "pretty")
  }

  @Test func theCollectorRunsUnlessPausedUntilResumed() throws {
    #expect(try LuaState().isCollectorPaused == false)
    let state = try LuaState(collectorPaused: true)
    #expect(state.isCollectorPaused)
    // Garbage stays while the collector waits, however much of it there is.
    _ = try state.run(
      "weak = setmetatable({}, { __mode = 'v' }) weak[1] = {} for i = 1, 10000 do local t = {} end")
    #expect(try evaluate(state, "return weak[1] ~= nil").description == "true")
    state.resumeCollector()
    #expect(!state.isCollectorPaused)
    #expect(try evaluate(state, "return weak[1] == nil").description == "true")
  }

  @Test func ioIsOpenedUnlessLeftOut() throws {
    #expect(try evaluate(try LuaState(), "return type(io)").asString == "table")
    let state = try LuaState(io: false)
    #expect(
      try evaluate(state, "return type(io) .. ',' .. type(package.loaded.io)").asString
        == "nil,nil")
    #expect(
      try evaluate(state, "return type(os) .. type(debug) .. type(utf8)").asString
        == "tabletabletable")
  }
}
