import CLua
import CLuaShim

/// The part of a state that references need: the lua_State while it is open.
///
/// References hold this, not the LuaState, so that a Swift object kept alive by Lua (and holding
/// a reference back into Lua) does not keep the state's owner alive.
final class LuaStateHandle {
  var L: OpaquePointer?

  init(_ L: OpaquePointer) { self.L = L }
}

/// The way back to a Lua state for what is kept outside it and must not keep it alive: an
/// observer or a timer the engine holds, the engine's memory charges. `state` is nil once the
/// state is closed.
///
/// It stands for a `weak` reference, which would give the state a side table: every retain and
/// release of an object that is referenced weakly takes Swift's slow path, and message dispatch
/// retains the state at every call (Documentation/Architecture.md#message-dispatch).
public final class LuaStateLink {
  /// The state while it is open.
  public var state: LuaState? { target?.takeUnretainedValue() }

  /// Whether the state is open, without retaining it.
  public var isOpen: Bool { target != nil }

  // Set when the state is made and cleared when it closes, which its deinit does first: never
  // a dangling reference (nor a freed host block).
  var target: Unmanaged<LuaState>?
  var host: UnsafeMutablePointer<clua_host>?

  init() {}

  /// `LuaState.chargeEngineMemory` while the state is open; nothing once it is closed.
  ///
  /// The engine charges every trace line: a charge that stays under the cap is added here,
  /// without retaining the state or calling into C.
  public func chargeEngineMemory(_ bytes: Int) throws {
    guard bytes > 0, let host else { return }
    let limit = host.pointee.memory_limit
    if limit == 0 || host.pointee.used + host.pointee.engine_used + bytes <= limit {
      host.pointee.engine_used += bytes
      return
    }
    try state?.chargeEngineMemory(bytes)
  }
}

/// A Lua value held in the registry: a table, function, userdata or thread that Swift keeps.
///
/// The registry slot is released when the reference is deinitialised (deterministically, as
/// Swift releases it), or not at all once the state is closed.
public final class LuaReference {
  let handle: LuaStateHandle
  let ref: Int32

  init(handle: LuaStateHandle, ref: Int32) {
    self.handle = handle
    self.ref = ref
  }

  deinit {
    // luaL_unref only rewrites existing registry slots, so it cannot raise.
    if let L = handle.L { luaL_unref(L, clua_registryindex(), ref) }
  }
}
