import CLua

/// The part of a state that references need: the lua_State while it is open.
///
/// References hold this, not the LuaState, so that a Swift object kept alive by Lua (and holding
/// a reference back into Lua) does not keep the state's owner alive.
final class LuaStateHandle {
  var L: OpaquePointer?

  init(_ L: OpaquePointer) { self.L = L }
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
