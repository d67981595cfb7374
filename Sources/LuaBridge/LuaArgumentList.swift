import CLuaShim

/// Arguments pushed straight onto the Lua stack for `LuaState.callReturningFirst`.
public struct LuaArgumentList {
  let stack: LuaStack
  /// The state making the call, which outlives the list: used without retaining it, as a push
  /// of every message argument otherwise would.
  private let state: Unmanaged<LuaState>
  var count: Int32 = 0

  init(stack: LuaStack, state: LuaState) {
    self.stack = stack
    self.state = .passUnretained(state)
  }

  public mutating func push(_ value: LuaValue) throws {
    try stack.reserve()
    let stack = stack
    try state._withUnsafeGuaranteedRef { try stack.push(value, state: $0) }
    count += 1
  }

  /// Pushes a Swift object exposed as `type`: `push(.object(object, type))` without making a
  /// LuaValue, for message dispatch, which pushes a receiver at every call.
  public mutating func push(_ object: AnyObject, as type: LuaObjectTypeBase) throws {
    let stack = stack
    try state._withUnsafeGuaranteedRef { try $0.pushObject(object, type: type, on: stack) }
    count += 1
  }

  /// Pushes a Swift object that keeps the slot of its userdata, which a push finds by index
  /// rather than by hashing the object's address: `slot` is the one the object kept (0 for
  /// none), and receives the one to keep.
  public mutating func push(_ object: AnyObject, as type: LuaObjectTypeBase, slot: inout Int32)
    throws
  {
    // The object's userdata is in its slot: no metatable to look up, nothing to protect.
    if clua_pushslotted(
      stack.L, Unmanaged.passUnretained(object).toOpaque(),
      Unmanaged.passUnretained(type).toOpaque(), slot) != 0
    {
      count += 1
      return
    }
    let stack = stack
    try state._withUnsafeGuaranteedRef {
      try $0.pushObject(object, type: type, slot: &slot, on: stack)
    }
    count += 1
  }
}
