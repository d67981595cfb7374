import LuaBridge
import Testing

@Suite struct LuaErrorReportingTests {
  @Test func runtimeErrorsCarryATraceback() throws {
    let state = try makeState()
    let error = failure(state, "local function f()\n  error('boom')\nend\nf()")
    #expect(error?.message == "test:2: boom")
    #expect(
      error?.traceback == """
        stack traceback:
        \t[C]: in function 'error'
        \ttest:2: in local 'f'
        \ttest:4: in main chunk
        """)
  }

  /// The message handler stays below the function for the call (clua_pcallhandled): a failed
  /// call still reports its message and traceback, and leaves nothing behind for the next call.
  @Test func callsReturningTheirFirstResultFailAndSucceedInTurn() throws {
    let state = try makeState()
    try state.run(
      "function check(x)\n  if x then error('bad ' .. x) end\n  return 'ok'\nend",
      chunkName: "=test")
    guard case .function(let check) = try state.global("check") else {
      Issue.record("check is not a function")
      return
    }
    for round in 1...3 {
      do {
        _ = try state.callReturningFirst(check) { try $0.push(.integer(round)) }
        Issue.record("round \(round) did not fail")
      } catch let error as LuaError {
        #expect(error.message == "test:2: bad \(round)")
        #expect(
          error.traceback == """
            stack traceback:
            \t[C]: in function 'error'
            \ttest:2: in function 'check'
            """)
      }
      let first = try state.callReturningFirst(check) { _ in }
      #expect(first.description == "ok")
      let all = try state.call(check, [])
      #expect(all.map(\.description) == ["ok"])
    }
  }

  @Test(arguments: [
    "debug = nil",
    "debug.traceback = nil",
    "debug = { traceback = function() return 'forged' end }",
    "pcall, error, xpcall = nil, nil, nil",
    "require, load, tostring = nil, nil, nil",
    "getmetatable('').__index = nil",
    "string = nil",
    "setmetatable(_G, { __index = function() return 'trap' end })",
  ])
  func overwritingTheStandardLibraryCannotBreakErrorReporting(sabotage: String) throws {
    var sandbox = LuaSandbox()
    sandbox.output = { _ in }
    let state = try makeState(sandbox: sandbox)
    let error = failure(state, sabotage + "\nlocal t = nil\nreturn t.field")
    #expect(error?.kind == .runtime)
    #expect(error?.message == "test:3: attempt to index a nil value (local 't')")
    #expect(error?.traceback?.hasPrefix("stack traceback:\n\ttest:3: in main chunk") == true)
    try state.run(sabotage + "\nprint('still printing')")
  }

  @Test(arguments: [
    ("error(nil)", "(error object is a nil value)"),
    ("error({})", "(error object is a table value)"),
    ("error(setmetatable({}, { __tostring = function() return 'custom' end }))", "custom"),
    (
      "error(setmetatable({}, { __tostring = function() error('worse') end }))",
      "(error object is a table value)"
    ),
    ("error(42)", "42"),
    ("error('plain', 0)", "plain"),
  ])
  func nonStringErrorValuesAreDescribed(source: String, message: String) throws {
    let state = try makeState()
    #expect(failure(state, source)?.message == message)
  }

  @Test func warningsReachTheHost() throws {
    let state = try makeState()
    var warnings: [String] = []
    state.warningHandler = { warnings.append($0) }
    try state.run(
      """
      warn('one ', 'message')
      setmetatable({}, { __gc = function() error('in finalizer') end })
      collectgarbage()
      warn('@off'); warn('hidden'); warn('@on')
      """, chunkName: "=test")
    #expect(warnings.first == "one message")
    #expect(warnings.count == 2)
    #expect(warnings.last?.contains("in finalizer") == true)
  }

  /// Recursion through a Swift function ends as "stack overflow" at the script's line, with a
  /// traceback, and leaves the state usable: not as "not enough memory" once Lua's C stack is
  /// too deep to push a message.
  @Test func recursionThroughSwiftIsAStackOverflowAtTheScriptsLine() throws {
    let state = try makeState(sandbox: LuaSandbox())
    try state.register("again") { call in
      _ = try call.call(try call.function(1), [try call.value(1)])
    }
    for _ in 1...2 {
      let error = failure(
        state,
        """
        local function recurse(self)
          again(self)
        end
        again(recurse)
        """)
      #expect(error?.kind == .runtime)
      #expect(error?.message == "test:2: stack overflow")
      #expect(error?.location?.description == "test:2")
      #expect(error?.traceback?.contains("test:4: in main chunk") == true)
    }
    let caught = try state.run(
      "local function r() return again(r) end; return pcall(again, r)", chunkName: "=test")
    #expect(caught.map(\.description) == ["false", "test:1: stack overflow"])
  }
}
