import CLua
import CLuaShim

/// The body of a Swift function callable from Lua.
///
/// It reads its arguments and pushes its results through the `LuaCall`. It reports failure by
/// throwing: `LuaArgumentError` becomes Lua's "bad argument" error, `LuaScriptError` an error
/// with the caller's position, a `LuaError` from a nested call re-raises the original Lua error,
/// and anything else is raised as its description. The error is raised only after this Swift
/// frame has returned.
public typealias LuaFunctionBody = (inout LuaCall) throws -> Void

/// One call of a Swift function from Lua: its arguments (1-based, as in Lua) and its results.
public struct LuaCall {
  let stack: LuaStack
  /// The state's owner; it outlives every call into it.
  unowned(unsafe) let state: LuaState
  /// How many arguments Lua passed.
  public let argumentCount: Int
  /// How many results have been pushed.
  public private(set) var resultCount: Int32 = 0

  init(L: OpaquePointer, state: LuaState) {
    self.stack = LuaStack(L: L)
    self.state = state
    self.argumentCount = Int(lua_gettop(L))
  }

  /// Whether Lua called from its main thread rather than from inside a coroutine.
  public var isOnMainThread: Bool {
    let isMain = lua_pushthread(stack.L) == 1
    lua_settop(stack.L, -2)
    return isMain
  }

  // MARK: Arguments

  /// The Lua type name of an argument (`"no value"` past the last one).
  public func typeName(at index: Int) -> String {
    index > argumentCount ? "no value" : stack.typeName(at: Int32(index))
  }

  public func isNil(_ index: Int) -> Bool {
    index > argumentCount || stack.type(at: Int32(index)) == LUA_TNIL
  }

  /// An object whose userdata was finalised and then made reachable again by another finaliser.
  func released(_ index: Int, _ type: LuaObjectTypeBase) -> LuaArgumentError {
    LuaArgumentError(index: index, "\(type.name) expected, got a collected \(type.name)")
  }

  func mismatch(_ index: Int, expected: String) -> LuaArgumentError {
    LuaArgumentError(index: index, "\(expected) expected, got \(typeName(at: index))")
  }

  public func integer(_ index: Int) throws -> Int {
    var isInteger: Int32 = 0
    let value = clua_tointegerx(stack.L, Int32(index), &isInteger)
    if isInteger != 0 { return Int(value) }
    if stack.type(at: Int32(index)) == LUA_TNUMBER {
      throw LuaArgumentError(index: index, "number has no integer representation")
    }
    throw mismatch(index, expected: "number")
  }

  public func number(_ index: Int) throws -> Double {
    var isNumber: Int32 = 0
    let value = clua_tonumberx(stack.L, Int32(index), &isNumber)
    if isNumber != 0 { return value }
    throw mismatch(index, expected: "number")
  }

  /// A string argument; numbers are accepted and written as Lua writes them.
  public func string(_ index: Int) throws -> String {
    guard index <= argumentCount, let text = stack.text(at: Int32(index)) else {
      throw mismatch(index, expected: "string")
    }
    return text
  }

  public func optionalString(_ index: Int) throws -> String? {
    isNil(index) ? nil : try string(index)
  }

  public func optionalInteger(_ index: Int) throws -> Int? {
    isNil(index) ? nil : try integer(index)
  }

  /// Lua truthiness: everything but nil and false is true.
  public func boolean(_ index: Int) -> Bool {
    index <= argumentCount && lua_toboolean(stack.L, Int32(index)) != 0
  }

  /// A function argument, held for later calls.
  public func function(_ index: Int) throws -> LuaReference {
    guard index <= argumentCount, stack.type(at: Int32(index)) == LUA_TFUNCTION else {
      throw mismatch(index, expected: "function")
    }
    return try stack.reference(at: Int32(index), handle: state.handle)
  }

  /// A table argument, held for later use.
  /// The coroutine argument `index` is, or nil when it is not one.
  func thread(_ index: Int) -> OpaquePointer? {
    index > argumentCount ? nil : lua_tothread(stack.L, Int32(index))
  }

  public func table(_ index: Int) throws -> LuaReference {
    guard index <= argumentCount, stack.type(at: Int32(index)) == LUA_TTABLE else {
      throw mismatch(index, expected: "table")
    }
    return try stack.reference(at: Int32(index), handle: state.handle)
  }

  /// Any argument as a LuaValue.
  public func value(_ index: Int) throws -> LuaValue {
    guard index <= argumentCount else { return .nil }
    return try stack.value(at: Int32(index), handle: state.handle)
  }

  /// A Swift object of the given exposed type (or of a subclass exposed as another type).
  public func object<Object: AnyObject>(_ index: Int, as type: LuaObjectType<Object>) throws
    -> Object
  {
    var tag: UnsafeRawPointer?
    guard index <= argumentCount,
      let pointer = clua_toobject(stack.L, Int32(index), &tag)
    else {
      throw tag == nil ? mismatch(index, expected: type.name) : released(index, type)
    }
    let object = Unmanaged<AnyObject>.fromOpaque(pointer).takeUnretainedValue()
    if tag == UnsafeRawPointer(Unmanaged.passUnretained(type).toOpaque()) {
      return unsafeDowncast(object, to: Object.self)
    }
    guard let object = object as? Object else { throw mismatch(index, expected: type.name) }
    return object
  }

  // MARK: Results

  public mutating func pushNil() throws { try pushScalar { $0.pushNil() } }

  public mutating func push(_ value: Bool) throws { try pushScalar { $0.push(value) } }

  public mutating func push(_ value: Int) throws { try pushScalar { $0.push(value) } }

  public mutating func push(_ value: Double) throws { try pushScalar { $0.push(value) } }

  /// Pushes a value that needs a stack slot but no allocation.
  private mutating func pushScalar(_ push: (LuaStack) -> Void) throws {
    try stack.reserve()
    push(stack)
    resultCount += 1
  }

  public mutating func push(_ value: String) throws {
    try stack.push(value)
    resultCount += 1
  }

  public mutating func push(_ value: LuaValue) throws {
    try stack.push(value, state: state)
    resultCount += 1
  }

  public mutating func push<Object: AnyObject>(_ object: Object, as type: LuaObjectType<Object>)
    throws
  {
    try state.pushObject(object, type: type, on: stack)
    resultCount += 1
  }

  /// Calls a Lua function from inside this Swift function (a nested, protected call).
  public func call(_ function: LuaReference, _ arguments: [LuaValue] = []) throws -> [LuaValue] {
    try state.call(function, arguments, on: stack)
  }
}

extension LuaCall {
  /// Argument 1 as an object of exactly `type` (the receiver of a method or metamethod).
  func receiver(of type: LuaObjectTypeBase) throws -> AnyObject {
    var tag: UnsafeRawPointer?
    let expected = UnsafeRawPointer(Unmanaged.passUnretained(type).toOpaque())
    guard argumentCount >= 1, let pointer = clua_toobject(stack.L, 1, &tag), tag == expected else {
      throw tag == expected ? released(1, type) : mismatch(1, expected: type.name)
    }
    return Unmanaged<AnyObject>.fromOpaque(pointer).takeUnretainedValue()
  }
}

extension LuaCall {
  /// An argument as `tostring` writes it (runs `__tostring`, protected).
  public func describe(_ index: Int) throws -> String {
    guard index <= argumentCount else { return "nil" }
    let position = Int32(index)
    switch stack.type(at: position) {
    case LUA_TSTRING, LUA_TNUMBER: return stack.text(at: position)!
    case LUA_TNIL: return "nil"
    case LUA_TBOOLEAN: return lua_toboolean(stack.L, position) != 0 ? "true" : "false"
    default:
      try stack.reserve()
      try stack.check(clua_tostring(stack.L, position))
      defer { clua_pop(stack.L, 1) }
      return stack.string(at: -1) ?? ""
    }
  }

  /// Sets the first upvalue (the `_ENV` of a loaded chunk) of result `result` to argument
  /// `argument`, as `load`'s `env` parameter does.
  mutating func setFirstUpvalue(ofResult result: Int32, toArgument argument: Int) throws {
    try stack.reserve()
    lua_pushvalue(stack.L, Int32(argument))
    if lua_setupvalue(stack.L, Int32(argumentCount) + result, 1) == nil { clua_pop(stack.L, 1) }
  }
}

extension LuaCall {
  /// Where the nearest Lua code below this function is (skipping C functions such as `pcall`):
  /// what Lua writes in front of an error there (`file.lua:17`); nil when there is none.
  public func location() -> ScriptLocation? { stack.callerLocation() }
}

extension LuaStack {
  /// The nearest Lua function with a line on this thread's stack above level 0.
  func callerLocation() -> ScriptLocation? {
    var info = lua_Debug()
    var level: Int32 = 1
    while lua_getstack(L, level, &info) != 0 {
      if lua_getinfo(L, "Sl", &info) != 0, let location = ScriptLocation(info) { return location }
      level += 1
    }
    return nil
  }

  /// The nearest Lua function with a line above level 0 that is the script's, not the host's
  /// own Lua (chunk `CLUA_HOST_CHUNK`: the sandbox's wrappers, the index functions of
  /// metatables).
  func scriptLocation() -> ScriptLocation? {
    var info = lua_Debug()
    var level: Int32 = 1
    while lua_getstack(L, level, &info) != 0 {
      if lua_getinfo(L, "Sl", &info) != 0, let location = ScriptLocation(info),
        info.source.map({ String(cString: $0) }) != LuaState.hostChunk
      {
        return location
      }
      level += 1
    }
    return nil
  }
}

extension LuaState {
  /// Where the Lua code running now is (the caller of the Swift function running, if any); nil
  /// outside Lua code.
  public func callerLocation() -> ScriptLocation? { stack.callerLocation() }

  /// Where the script's own code running now is: the nearest line that is not in lifescript's
  /// own Lua code (the sandbox, an object's `__index`), as a script's author wants it named.
  public func scriptLocation() -> ScriptLocation? { stack.scriptLocation() }
}
