import LuaBridge
import Testing

@Suite struct LuaObjectTypeTests {
  let tracker = LiveCounter()
  let counterType = LuaObjectType<Counter>(name: "Counter")

  init() {
    counterType.method("increment") { counter, call in
      counter.value += try call.optionalInteger(2) ?? 1
      try call.push(counter.value)
    }
    counterType.property(
      "value", get: { .integer($0.value) },
      set: { counter, value in
        guard case .integer(let number) = value else {
          throw LuaScriptError("value must be an integer")
        }
        counter.value = number
      })
    counterType.property("double", get: { .integer($0.value * 2) })
    counterType.description { "Counter(\($0.value))" }
  }

  func state(with counter: Counter) throws -> LuaState {
    let state = try makeState()
    try state.setGlobal("counter", .object(counter, counterType))
    return state
  }

  @Test func methodsAndPropertiesReachTheSwiftObject() throws {
    let counter = Counter(tracker: tracker)
    let state = try state(with: counter)
    let results = try state.run(
      "counter:increment(); counter:increment(5); local d = counter.double; counter.value = 10; return d, tostring(counter)",
      chunkName: "=test")
    #expect(results.map(\.description) == ["12", "Counter(10)"])
    #expect(counter.value == 10)
  }

  @Test func oneSwiftObjectIsOneLuaValue() throws {
    let counter = Counter(tracker: tracker)
    let state = try state(with: counter)
    try state.register("same") { call in try call.push(counter, as: self.counterType) }
    #expect(try evaluate(state, "return rawequal(same(), counter)").asBoolean == true)
    let back = try state.global("counter")
    #expect(back.object(as: Counter.self) === counter)
  }

  /// `function(object) return rawequal(object, <global>) end`, called with `object` pushed by
  /// its slot; `slot` is updated as the push says.
  func isGlobal(
    _ global: String, _ object: Counter, slot: inout Int32, in state: LuaState
  ) throws -> Bool {
    guard
      case .function(let check) = try evaluate(
        state, "return function(object) return rawequal(object, \(global)) end")
    else { return false }
    let result = try state.callReturningFirst(check) { arguments in
      try arguments.push(object, as: self.counterType, slot: &slot)
    }
    return result.asBoolean == true
  }

  @Test func anObjectPushedByItsSlotIsTheLuaValueItHasByItsAddress() throws {
    let counter = Counter(tracker: tracker)
    let state = try state(with: counter)
    var slot: Int32 = 0
    #expect(try isGlobal("counter", counter, slot: &slot, in: state))
    #expect(slot > 0)
    let kept = slot
    #expect(try isGlobal("counter", counter, slot: &slot, in: state))
    #expect(slot == kept)
  }

  @Test func aSlotThatHoldsAnotherObjectIsLeftToIt() throws {
    let first = Counter(tracker: tracker)
    let second = Counter(tracker: tracker)
    let state = try state(with: first)
    try state.setGlobal("second", .object(second, counterType))
    var firstSlot: Int32 = 0
    #expect(try isGlobal("counter", first, slot: &firstSlot, in: state))
    // The second object comes with the first one's number, as from another state.
    var secondSlot = firstSlot
    #expect(try isGlobal("second", second, slot: &secondSlot, in: state))
    #expect(secondSlot != firstSlot)
    #expect(try isGlobal("counter", first, slot: &firstSlot, in: state))
  }

  @Test func anObjectWhoseValueWasCollectedGetsANewOneInItsSlot() throws {
    let counter = Counter(tracker: tracker)
    let state = try makeState()
    try state.setGlobal("counter", .object(counter, counterType))
    var slot: Int32 = 0
    #expect(try isGlobal("counter", counter, slot: &slot, in: state))
    let kept = slot
    // Lua forgets the userdata; the Swift object lives on.
    try state.setGlobal("counter", .nil)
    state.collectGarbage()
    try state.setGlobal("counter", .object(counter, counterType))
    #expect(try isGlobal("counter", counter, slot: &slot, in: state))
    #expect(slot == kept)
    #expect(tracker.live == 1)
  }

  @Test(arguments: [
    (
      "counter.increment({})",
      "test:1: bad argument #1 to 'increment' (Counter expected, got table)"
    ),
    (
      "local f = counter.increment; f()",
      "test:1: bad argument #1 to 'f' (Counter expected, got no value)"
    ),
    (
      "counter.increment(counter, 'x')",
      "test:1: bad argument #2 to 'increment' (number expected, got string)"
    ),
    (
      "counter:increment('x')",
      "test:1: bad argument #1 to 'increment' (number expected, got string)"
    ),
    ("counter.value = 'x'", "test:1: value must be an integer"),
    ("counter.double = 1", "test:1: property 'double' of Counter is read-only"),
    ("counter.nothing = 1", "test:1: Counter has no property 'nothing'"),
  ])
  func misuseGivesAClearError(source: String, message: String) throws {
    let state = try state(with: Counter(tracker: tracker))
    #expect(failure(state, source)?.message == message)
  }

  @Test func unknownKeysReadAsNil() throws {
    let state = try state(with: Counter(tracker: tracker))
    #expect(try evaluate(state, "return counter.nothing").isNil)
  }

  @Test func theMetatableIsNotReachableFromScripts() throws {
    let state = try state(with: Counter(tracker: tracker))
    #expect(try evaluate(state, "return getmetatable(counter)").asBoolean == false)
    #expect(failure(state, "setmetatable(counter, {})") != nil)
  }

  @Test func collectedUserdataReleasesItsObject() throws {
    let state = try makeState()
    try state.register("make") { call in
      try call.push(Counter(tracker: self.tracker), as: self.counterType)
    }
    try state.run("for i = 1, 1000 do make():increment() end")
    state.collectGarbage()
    #expect(tracker.created == 1000)
    #expect(tracker.live == 0)
  }

  @Test func anObjectResurrectedByAFinalizerIsNotUsedAfterRelease() throws {
    let state = try makeState()
    try state.register("make") { call in
      try call.push(Counter(tracker: self.tracker), as: self.counterType)
    }
    // A table whose finaliser runs after the counter's and keeps it reachable.
    try state.run(
      """
      do
        local counter = make()
        setmetatable({}, { __gc = function() zombie = counter end })
      end
      collectgarbage(); collectgarbage()
      """)
    state.collectGarbage()
    let error = failure(state, "return zombie:increment()")
    #expect(tracker.live == 0)
    #expect(
      error?.message
        == "test:1: calling 'increment' on bad self (Counter expected, got a collected Counter)")
  }
}
