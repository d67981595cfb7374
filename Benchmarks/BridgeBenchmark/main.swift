import LuaBridge

// Prints what one crossing of the Lua/Swift boundary costs, in ns per call, measured in a state
// with the default limits (what `lifescript run` uses). It only prints: nothing is asserted.

/// Each figure is the best of this many timed runs (the first run doubles as the warm-up).
let repetitions = 5
/// Calls per timed run of a Lua loop (Lua→Swift, plain Lua and method calls).
let luaCalls = 5_000_000
/// Calls per timed run of `state.call` (Swift→Lua).
let swiftCalls = 1_000_000

/// The Swift object whose method Lua calls.
final class Echo {}

/// A state holding the Swift callees, their plain Lua twins and the Lua loops that call them.
struct Bench {
  let state: LuaState
  let swiftFunction: LuaValue
  let luaFunction: LuaReference
  let swiftObject: LuaValue
  let luaObject: LuaValue
  /// Calls `f(i)` for i = 1...n (see `loop(calling:in:)`).
  let functionLoop: LuaReference
  /// Calls the method `f:echo(i)` for i = 1...n.
  let methodLoop: LuaReference

  init(limits: LuaState.Limits) throws {
    state = try LuaState(limits: limits)
    try state.register("identity") { call in try call.push(try call.integer(1)) }
    swiftFunction = try state.global("identity")
    let echoType = LuaObjectType<Echo>(name: "Echo")
    echoType.method("echo") { _, call in try call.push(try call.integer(2)) }
    swiftObject = .object(Echo(), echoType)
    let twins = try state.run(
      "return function(x) return x end, { echo = function(self, x) return x end }",
      chunkName: "=bench")
    guard case .function(let function) = twins[0] else { fatalError("not a function") }
    luaFunction = function
    luaObject = twins[1]
    functionLoop = try Self.loop(calling: "f(i)", in: state)
    methodLoop = try Self.loop(calling: "f:echo(i)", in: state)
  }

  /// A chunk taking `(f, n)` that evaluates `expression` for i = 1...n; returns the last value.
  static func loop(calling expression: String, in state: LuaState) throws -> LuaReference {
    let source = """
      local f, n = ...
      local last
      for i = 1, n do last = \(expression) end
      return last
      """
    return try state.load(source, chunkName: "=bench")
  }

  /// Runs `body` (which makes `calls` calls) `repetitions` times; returns the best ns per call.
  func bestNanoseconds(calls: Int, _ body: () throws -> Void) rethrows -> Double {
    var best = Double.infinity
    for _ in 0..<repetitions {
      state.resetInstructionBudget()
      let (seconds, attoseconds) = try ContinuousClock().measure(body).components
      best = min(best, (Double(seconds) * 1e9 + Double(attoseconds) / 1e9) / Double(calls))
    }
    return best
  }

  /// Best ns per call of `callee` called `luaCalls` times from the Lua chunk `loop`.
  func luaCall(of callee: LuaValue, from loop: LuaReference) throws -> Double {
    try bestNanoseconds(calls: luaCalls) {
      let results = try state.call(loop, [callee, .integer(luaCalls)])
      guard case .integer(luaCalls)? = results.first else { fatalError("got \(results)") }
    }
  }

  /// Best ns per `state.call` of a Lua function with one integer argument and one result.
  func swiftCall() throws -> Double {
    try bestNanoseconds(calls: swiftCalls) {
      for i in 0..<swiftCalls {
        let results = try state.call(luaFunction, [.integer(i)])
        guard case .integer(i)? = results.first else { fatalError("got \(results)") }
      }
    }
  }
}

/// A time with one decimal, e.g. "41.2".
func format(_ value: Double) -> String {
  let tenths = Int((value * 10).rounded())
  return "\(tenths / 10).\(tenths % 10)"
}

/// A line comparing a call into Swift with the same call of plain Lua.
func comparison(_ label: String, _ swift: Double, _ luaLabel: String, _ lua: Double) -> String {
  let ratio = format(swift / lua)
  return "\(label): \(format(swift)) ns/call (\(luaLabel): \(format(lua)) ns, ratio \(ratio)x)"
}

/// Limits in words, e.g. "memory 64 MiB, instructions 100000000".
func describe(_ limits: LuaState.Limits) -> String {
  let memory = limits.memory.map { "\($0 >> 20) MiB" } ?? "none"
  let instructions = limits.instructions.map { "\($0)" } ?? "none"
  return "memory \(memory), instructions \(instructions)"
}

let bench = try Bench(limits: LuaState.Limits())
print(
  "\(LuaState.luaRelease); limits: \(describe(bench.state.limits)) (the defaults; budget refilled "
    + "before each run); best of \(repetitions) runs")

/// Lua→Swift: a Lua loop calling a registered Swift function that returns its integer argument.
let luaToSwift = try bench.luaCall(of: bench.swiftFunction, from: bench.functionLoop)
let plainCall = try bench.luaCall(of: .function(bench.luaFunction), from: bench.functionLoop)
print(comparison("lua->swift call", luaToSwift, "plain Lua function call", plainCall))

/// Swift→Lua: `state.call` of `function(x) return x end` with one integer.
print("swift->lua call: \(format(try bench.swiftCall())) ns/call (state.call, 1 integer in, 1 out)")

/// Method call: `object:echo(i)` on a Swift object exposed with a LuaObjectType.
let swiftMethod = try bench.luaCall(of: bench.swiftObject, from: bench.methodLoop)
let luaMethod = try bench.luaCall(of: bench.luaObject, from: bench.methodLoop)
print(
  comparison(
    "method call on a Swift object from Lua", swiftMethod, "method call on a Lua table", luaMethod))

/// For reference: the plain Lua call in a state without limits (no instruction-counting hook).
let unlimited = try Bench(limits: .none)
let unlimitedCall = try unlimited.luaCall(
  of: .function(unlimited.luaFunction), from: unlimited.functionLoop)
print(
  "plain Lua function call without limits: \(format(unlimitedCall)) ns (the instruction-budget "
    + "hook adds \(format(plainCall - unlimitedCall)) ns per call above)")
