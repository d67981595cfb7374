import LuaBridge

/// `test`, `describe`, `skip` and `known_issue`: the named tests of a scenario file
/// (Documentation/Reference/scenario-language.md#named-tests).
///
/// At the file's top level `test` only records a test and its function; `describe` runs its
/// function at once with its name in front of the tests it defines. `ScenarioRunner` then runs
/// each test in a fresh scenario of its own, where the file's top level has run again.
final class TestBindings {
  unowned let lua: LuaState
  /// The tests defined so far, in order, with their functions.
  private(set) var tests: [(test: NamedTest, body: LuaReference)] = []
  /// Where each name was defined.
  private var lines: [String: Int] = [:]
  /// The `describe` groups open now, outermost first.
  private var groups: [String] = []
  /// The test running now; nil at the file's top level.
  private(set) var running: NamedTest?
  /// The reason and place of the `known_issue` call of the running test.
  private(set) var knownIssue: (reason: String, location: ScriptLocation?)?
  /// Why `test` cannot define a test here (the REPL, which runs what is typed at once and has
  /// no file to run again), or nil where it can.
  var definitionsRefused: String?

  init(lua: LuaState, interface: ScriptInterface) throws {
    self.lua = lua
    interface.register(
      .function(
        "test", ["name: string", "body: fun()"],
        "Defines a named test: it runs later in a fresh app, after the file's top level (its classes, `Info`, `Storyboard`) has run again; `describe` groups put their names in front."
      )
    ) { [unowned self] call in try define(call) }
    interface.register(
      .function(
        "describe", ["name: string", "body: fun()"],
        "A group of tests: runs the function at once, and the tests it defines are named `group / name`."
      )
    ) { [unowned self] call in try group(call) }
    interface.register(
      .function(
        "skip", ["reason: string"],
        "Inside a test: ends it here, reported as skipped with the reason (XCTest's `XCTSkip`).")
    ) { [unowned self] call in
      let reason = try reason(call, "skip")
      throw TestSkipped(reason: reason)
    }
    interface.register(
      .function(
        "known_issue", ["reason: string"],
        "Inside a test: the test is expected to fail an expectation (XCTest's `XCTExpectFailure`); it is reported as a known issue, and as a failure once it passes."
      )
    ) { [unowned self] call in
      let reason = try reason(call, "known_issue")
      knownIssue = (reason, call.location())
    }
  }

  /// Makes `test` the running test: `skip` and `known_issue` apply to it from now on, and no
  /// test may be defined inside it.
  func start(_ test: NamedTest) {
    running = test
    knownIssue = nil
  }

  /// `test(name, body)`.
  private func define(_ call: LuaCall) throws {
    if let definitionsRefused { throw LuaScriptError(definitionsRefused) }
    if let running {
      throw LuaScriptError(
        "test() inside the test \"\(running.name)\" (\(running.location)): tests are defined at the file's top level or inside describe(), not inside another test"
      )
    }
    let name = try Self.name(call, "test")
    guard case .function = try call.value(2) else {
      throw LuaArgumentError(index: 2, "function expected, got \(call.typeName(at: 2))")
    }
    let full = (groups + [name]).joined(separator: " / ")
    guard full.utf8.count <= NamedTest.nameLimit else {
      throw LuaArgumentError(
        index: 1,
        "a test's name with its groups is at most \(NamedTest.nameLimit) bytes, got \(full.utf8.count)"
      )
    }
    guard let location = call.location() else {
      throw LuaScriptError("test() must be called from a Lua file")
    }
    if let earlier = lines[full] {
      throw LuaScriptError(
        "a test named \"\(full)\" is already defined at line \(earlier); names of the tests of a file must differ"
      )
    }
    tests.append((NamedTest(name: full, location: location), try call.function(2)))
    lines[full] = location.line
  }

  /// `describe(name, body)`.
  private func group(_ call: LuaCall) throws {
    if let running {
      throw LuaScriptError(
        "describe() inside the test \"\(running.name)\" (\(running.location)): groups are opened at the file's top level or inside another describe()"
      )
    }
    let name = try Self.name(call, "describe")
    guard case .function = try call.value(2) else {
      throw LuaArgumentError(index: 2, "function expected, got \(call.typeName(at: 2))")
    }
    guard groups.count < Self.depthLimit else {
      throw LuaScriptError(
        "describe() groups nest at most \(Self.depthLimit) deep; this one is inside \(groups.count)"
      )
    }
    groups.append(name)
    defer { groups.removeLast() }
    _ = try call.call(try call.function(2))
  }

  /// How deep `describe` groups may nest: far more than a file needs, far less than what would
  /// exhaust the C stack.
  static let depthLimit = 32

  /// The reason of `skip`/`known_issue`, called inside a test.
  private func reason(_ call: LuaCall, _ function: String) throws -> String {
    guard running != nil else {
      throw LuaScriptError(
        "\(function)() outside a test: call it inside the function of a test(\"name\", function() … end)"
      )
    }
    let reason = try call.string(1)
    guard !reason.isEmpty, reason.unicodeScalars.allSatisfy({ !Self.isControl($0) }) else {
      throw LuaArgumentError(
        index: 1, "the reason must be a line of text without control characters")
    }
    return reason
  }

  /// A test's or a group's name: a non-empty line without control characters.
  private static func name(_ call: LuaCall, _ function: String) throws -> String {
    guard case .string(let name) = try call.value(1) else {
      throw LuaArgumentError(index: 1, "string expected, got \(call.typeName(at: 1))")
    }
    guard !name.allSatisfy({ $0 == " " }) else {
      throw LuaArgumentError(index: 1, "the name is empty")
    }
    if let bad = name.unicodeScalars.first(where: isControl) {
      throw LuaArgumentError(
        index: 1,
        "a name is one line without control characters, and this one has U+\(String(bad.value, radix: 16, uppercase: true).leftPadded(to: 4))"
      )
    }
    guard name.utf8.count <= NamedTest.nameLimit else {
      throw LuaArgumentError(
        index: 1, "a name is at most \(NamedTest.nameLimit) bytes, got \(name.utf8.count)")
    }
    return name
  }

  /// C0 and C1 controls, DEL, and the line and paragraph separators: what would break a
  /// report's line.
  private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0x2028
      || scalar.value == 0x2029
  }
}

extension String {
  fileprivate func leftPadded(to count: Int) -> String {
    String(repeating: "0", count: max(0, count - self.count)) + self
  }
}
