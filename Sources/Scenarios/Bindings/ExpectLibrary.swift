import AppLifecycle
import LuaBridge

/// The `expect` library: expectations over the trace since the checkpoint, and golden traces
/// (Documentation/Reference/scenario-language.md#trace-and-expectations).
final class ExpectLibrary {
  unowned let lua: LuaState
  let device: Device
  var expectations: TraceExpectations
  /// The expectations that failed, even those whose error the script caught: the run fails.
  var failures: [ExpectationFailure] = []
  /// When false, a failed expectation is only recorded (see ScenarioOptions.expectationsFail).
  var expectationsFail = true
  /// The golden traces `expect.golden` compared or recorded.
  var goldenFiles = GoldenFiles(record: false)

  /// Where each name is recorded as it is registered.
  let interface: ScriptInterface

  init(lua: LuaState, device: Device, interface: ScriptInterface) throws {
    self.lua = lua
    self.device = device
    self.interface = interface
    expectations = TraceExpectations(trace: device.trace)
    expectations.definedMethods = { [unowned device] name in
      let classes = device.runtime.classNamed(name)?.ancestry.prefix {
        !device.uikitClassNames.contains($0.name)
      }
      return (classes ?? []).flatMap { $0.selectors.map { SelectorSpelling.luaName(of: $0.name) } }
    }
    try register()
    try registerAssert()
  }

  /// Lua's `assert`, whose failure fails the scenario at its line (see AssertionFailure): it
  /// returns its arguments when the first is true, as Lua's does.
  private func registerAssert() throws {
    try lua.register("assert") { call in
      guard call.argumentCount > 0 else { throw LuaArgumentError(index: 1, "value expected") }
      guard !call.boolean(1) else {
        for index in 1...call.argumentCount { try call.push(try call.value(index)) }
        return
      }
      var failure = AssertionFailure(location: call.location())
      switch try call.value(2) {
      case .nil: break
      case .string, .integer, .number: failure.message = try call.describe(2)
      case let other: failure.messageType = "a \(other.typeName) value"
      }
      throw failure
    }
  }

  private func register() throws {
    typealias Check = (inout TraceExpectations, LuaCall, ScriptLocation?) throws -> Void
    let checks: [(symbol: ScriptInterface.Symbol, check: Check)] = [
      (
        .function(
          "events", in: "expect", ["lines: string|string[]"],
          "Exactly these lines, in this order, since the checkpoint: the message lines, and lines of the other kinds the list names; then moves the checkpoint."
        ), { [unowned self] in try $0.events(try lines($1), at: $2) }
      ),
      (
        .function(
          "order", in: "expect", ["lines: string|string[]"],
          "These lines in this order since the checkpoint, other lines between them allowed; then moves the checkpoint."
        ), { [unowned self] in try $0.order(try lines($1), at: $2) }
      ),
      (
        .function(
          "settled", in: "expect", [],
          "Acknowledges every line so far without checking them: moves the checkpoint to the end of the trace."
        ),
        { expectations, call, location in
          guard call.argumentCount == 0 else {
            throw LuaArgumentError(index: 1, "no argument expected, got \(call.typeName(at: 1))")
          }
          expectations.settle(at: location)
        }
      ),
      (
        .function(
          "never", in: "expect", ["line: string"],
          "No line since the checkpoint matches (a selector in any spelling, or a whole line)."),
        { [unowned self] expectations, call, _ in
          try expectations.never(try knownSelectorOrLine(call.string(1), for: "expect.never"))
        }
      ),
      (
        .function(
          "called", in: "expect", ["line: string", "options: {times: integer}?"],
          "A line since the checkpoint matches (a selector in any spelling, or a whole line); with `times`, exactly that many do."
        ),
        { [unowned self] expectations, call, _ in
          let line = try knownSelectorOrLine(call.string(1), for: "expect.called")
          let options = try OptionsTable(call, 2, "expect.called", ["times"], in: lua)
          guard call.argumentCount <= 2 else {
            throw LuaArgumentError(index: 3, "no argument expected, got \(call.typeName(at: 3))")
          }
          try expectations.called(line, times: try options.optionalInteger("times", minimum: 0))
        }
      ),
      (
        .function(
          "log", in: "expect", ["text: string"],
          "A console line UIKit logged since the checkpoint contains the text."),
        { expectations, call, _ in try expectations.log(try call.string(1)) }
      ),
      (
        .function(
          "exception", in: "expect", ["text: string"],
          "An uncaught exception since the checkpoint contains the text; it is claimed, so it does not fail the scenario."
        ), { expectations, call, _ in try expectations.exception(try call.string(1)) }
      ),
      (
        .function(
          "equal", in: "expect", ["actual: any", "expected: any", "message: string?"],
          "The two values are equal: tables by their contents, nested tables too; a failure shows both as a diff and names the first difference."
        ), { [unowned self] _, call, _ in try compare(call, "expect.equal", byContent: true) }
      ),
      (
        .function(
          "same", in: "expect", ["actual: any", "expected: any", "message: string?"],
          "The two values are the same value: the same table or object, or equal numbers, strings and booleans (Lua's rawequal)."
        ), { [unowned self] _, call, _ in try compare(call, "expect.same", byContent: false) }
      ),
      (
        .function(
          "golden", in: "expect", ["name: string?"],
          "The whole trace so far equals the golden file beside the scenario (`launch.trace`, or `launch.NAME.trace`); with `--record` it is written instead."
        ), { [unowned self] _, call, location in try golden(call, at: location) }
      ),
    ]
    var table = LuaFields()
    for (symbol, check) in checks {
      interface.function(symbol, into: &table) { [unowned self] call in
        let location = call.location()
        do {
          try check(&expectations, call, location)
        } catch var failure as ExpectationFailure {
          failure.location = location
          failures.append(failure)
          // Raised as `file.lua:12: expect.events: …`; it comes back from Lua as itself.
          if expectationsFail { throw failure }
        }
      }
    }
    interface.setLibrary(
      "expect", fields: table,
      "Expectations over the trace since the checkpoint; a failure names the file and line and shows the difference."
    )
  }

  /// `expect.equal(actual, expected[, message])` and `expect.same`: a failure shows both values,
  /// tables as a diff of their lines (− expected, + actual), and where they first differ.
  private func compare(_ call: LuaCall, _ name: String, byContent: Bool) throws {
    guard call.argumentCount >= 2 else {
      throw LuaArgumentError(index: 2, "the expected value is missing; write nil to expect nil")
    }
    guard call.argumentCount <= 3 else {
      throw LuaArgumentError(index: 4, "no argument expected, got \(call.typeName(at: 4))")
    }
    let message = try call.optionalString(3)
    let actual = try call.value(1)
    let expected = try call.value(2)
    let comparison = ValueComparison(lua: lua, expectation: name)
    let difference: ValueComparison.Difference?
    if byContent {
      difference = try comparison.difference(actual, expected)
    } else {
      difference =
        try comparison.isSame(actual, expected)
        ? nil : ValueComparison.Difference(path: "", expected: expected, actual: actual)
    }
    guard let difference else { return }
    let subject = message.map { "\($0.clippedForMessage): " } ?? ""
    let described = { (value: LuaValue?) in try value.map(comparison.describe) ?? "nothing" }
    guard case .table = actual, case .table = expected else {
      throw ExpectationFailure(
        headline:
          "\(name): \(subject)expected \(try described(difference.expected)), got \(try described(difference.actual))"
      )
    }
    let expectedLines = try comparison.lines(expected)
    let diff = LineDiff(
      expected: expectedLines, actual: try comparison.lines(actual), describe: { $0 },
      matches: ==)
    // Equal lines: the tables are equal, or differ past the lines shown.
    let shown =
      diff.missingCount + diff.unexpectedCount > 0
      ? diff.text()
      : expectedLines.count < ValueComparison.maximumLines
        ? expectedLines.map { "  " + $0 }.joined(separator: "\n")
        : "  … (more than \(ValueComparison.maximumLines) lines each; they differ past the lines shown)"
    // expect.same of two tables: whether their contents differ too.
    let content = byContent ? difference : try comparison.difference(actual, expected)
    guard let content else {
      var failure = ExpectationFailure(
        headline:
          "\(name): \(subject)they are equal tables, but not the same table (− expected, + actual)",
        details: shown)
      failure.addNote("hint: expect.equal compares tables by their contents")
      throw failure
    }
    let place = ValueComparison.shown(content.path)
    let differ = byContent ? "the tables differ" : "not the same table, and they differ"
    var failure = ExpectationFailure(
      headline: "\(name): \(subject)\(differ) at \(place) (− expected, + actual)",
      details: shown)
    failure.addNote(
      "first difference at \(place): expected \(try described(content.expected)), got \(try described(content.actual))"
    )
    throw failure
  }

  /// `expect.golden()` or `expect.golden("name")`: the whole trace so far, in Objective-C
  /// spelling, against the scenario's golden file (see GoldenFiles).
  private func golden(_ call: LuaCall, at location: ScriptLocation?) throws {
    var name: String?
    switch try call.value(1) {
    case .nil: break
    case .string(let text):
      guard GoldenFiles.isValidName(text) else {
        // Shown escaped and short: the name may be anything a script can build.
        let shown = GoldenTrace.fileLine(text.count > 40 ? text.prefix(39) + "…" : text)
        throw LuaArgumentError(
          index: 1, "a name of 1 to 64 letters, digits, '-' and '_' expected, got \"\(shown)\"")
      }
      name = text
    default:
      throw LuaArgumentError(index: 1, "string expected, got \(call.typeName(at: 1))")
    }
    try goldenFiles.check(device.trace.lines(), name: name, location: location)
  }

  /// `expect.never` (or `expect.called`) of a selector no class and no UIKit protocol has could
  /// never fail (or never pass): a partial name such as "performActionForShortcutItem" is a
  /// mistake in the script.
  private func knownSelectorOrLine(_ text: String, for expectation: String) throws -> String {
    guard !text.contains(" "), !text.contains(".") else { return text }
    var known = Set(UIKitProtocols.selectors.values.joined())
    for cls in device.runtime.allClasses { known.formUnion(cls.selectors.map(\.name)) }
    let spellings: [SelectorSpelling] = [.objectiveC, .lua, .swift]
    if known.contains(where: { name in spellings.contains { $0.write(name) == text } }) {
      return text
    }
    throw LuaScriptError(
      "\(expectation): no class or UIKit protocol has a selector \"\(text.clippedForMessage)\", so it could never match; write a whole selector (application:openURL:options:) or a whole trace line"
    )
  }

  /// `expect.events { "a", "b" }`: the list of lines (a single string is a list of one).
  private func lines(_ call: LuaCall) throws -> [String] {
    if case .string(let line) = try call.value(1) { return [line] }
    let list = try call.table(1)
    var lines: [String] = []
    while case .string(let line) = try lua.get(list, .integer(lines.count + 1)) {
      lines.append(line)
    }
    return lines
  }
}
