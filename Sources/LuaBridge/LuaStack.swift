import CLua
import CLuaShim

/// Low-level access to one Lua thread's stack, for Swift code that must never raise.
///
/// Reads use only API functions that cannot raise; pushes that allocate go through the shim's
/// protected helpers and throw instead. Each method states its stack effect in the manual's
/// notation.
struct LuaStack {
  let L: OpaquePointer

  /// Free slots every push needs: the value and the protected helper's function and arguments.
  private static let pushHeadroom: Int32 = 5

  var top: Int32 { lua_gettop(L) }

  /// Runs `body` and, in debug builds, checks that it left the stack `pushed` slots higher than
  /// it found it, on success and on error alike.
  func balanced<Result>(pushed: Int32 = 0, _ body: () throws -> Result) rethrows -> Result {
    #if DEBUG
      let top = lua_gettop(L)
      defer { assert(lua_gettop(L) == top + pushed, "Lua stack unbalanced") }
    #endif
    return try body()
  }

  // MARK: Reading

  func type(at index: Int32) -> Int32 { lua_type(L, index) }

  func typeName(at index: Int32) -> String {
    String(cString: lua_typename(L, lua_type(L, index)))
  }

  /// The string at `index`, only if it is a string (numbers are not converted: converting in
  /// place would allocate).
  func string(at index: Int32) -> String? {
    guard lua_type(L, index) == LUA_TSTRING else { return nil }
    var length = 0
    guard let bytes = lua_tolstring(L, index, &length) else { return nil }
    return String(decoding: UnsafeRawBufferPointer(start: bytes, count: length), as: UTF8.self)
  }

  /// A string or a number as text, the way Lua's `tostring` writes numbers.
  func text(at index: Int32) -> String? {
    switch lua_type(L, index) {
    case LUA_TSTRING:
      return string(at: index)
    case LUA_TNUMBER:
      if lua_isinteger(L, index) != 0 { return String(lua_tointegerx(L, index, nil)) }
      return Self.format(lua_tonumberx(L, index, nil))
    default:
      return nil
    }
  }

  static func format(_ number: Double) -> String {
    withUnsafeTemporaryAllocation(of: CChar.self, capacity: 64) { buffer in
      _ = clua_formatnumber(number, buffer.baseAddress, 64)
      return String(cString: buffer.baseAddress!)
    }
  }

  // MARK: Pushing

  /// Makes room for a push; false when the stack cannot grow.
  func reserve(_ slots: Int32 = 0) throws {
    guard lua_checkstack(L, slots + Self.pushHeadroom) != 0 else {
      throw LuaError(.runtime, "stack overflow")
    }
  }

  /// [-0, +1]
  func push(_ string: String) throws {
    try reserve()
    var string = string
    try string.withUTF8 { bytes in
      try check(clua_pushlstring(L, bytes.baseAddress, bytes.count))
    }
  }

  /// [-0, +1] Never allocates.
  func push(_ integer: Int) { lua_pushinteger(L, lua_Integer(integer)) }

  /// [-0, +1] Never allocates.
  func push(_ number: Double) { lua_pushnumber(L, number) }

  /// [-0, +1] Never allocates.
  func push(_ boolean: Bool) { lua_pushboolean(L, boolean ? 1 : 0) }

  /// [-0, +1] Never allocates.
  func pushNil() { lua_pushnil(L) }

  /// [-0, +1]
  func pushTable(arrayCapacity: Int = 0, fieldCapacity: Int = 0) throws {
    try reserve()
    try check(clua_createtable(L, Int32(clamping: arrayCapacity), Int32(clamping: fieldCapacity)))
  }

  /// [-0, +1] Never allocates.
  func push(_ reference: LuaReference) {
    lua_rawgeti(L, clua_registryindex(), lua_Integer(reference.ref))
  }

  /// [-1, +0] Pops the value on top into a new registry reference.
  func popReference(handle: LuaStateHandle) throws -> LuaReference {
    var ref: Int32 = 0
    try check(clua_ref(L, &ref))
    return LuaReference(handle: handle, ref: ref)
  }

  /// [-0, +0] A registry reference to the value at `index`.
  func reference(at index: Int32, handle: LuaStateHandle) throws -> LuaReference {
    try reserve()
    lua_pushvalue(L, index)
    return try popReference(handle: handle)
  }

  // MARK: Tables

  /// [-0, +0] t[key] = value without metamethods, t at `index`.
  func rawSet(_ index: Int32, key: String, value: () throws -> Void) throws {
    let table = lua_absindex(L, index)
    try push(key)
    do { try value() } catch {
      clua_pop(L, 1)
      throw error
    }
    try check(clua_rawset(L, table))
  }

  // MARK: Errors

  /// Turns a protected helper's status into a thrown error, popping the error value.
  func check(_ status: Int32) throws {
    guard status != LUA_OK else { return }
    let error = errorFromTop(status: status)
    clua_pop(L, 1)
    throw error
  }

  /// The error value on top as a LuaError (does not pop it, and never raises).
  func errorFromTop(status: Int32) -> LuaError {
    let host = clua_host_of(L)!.pointee
    if host.instruction_limit_hit != 0 { return Self.budgetError(host) }
    let message = errorMessage(at: -1)
    switch status {
    case LUA_ERRMEM:
      return LuaError(host.memory_limit_hit != 0 ? .memoryLimit : .runtime, message)
    case LUA_ERRERR:
      if host.memory_limit_hit != 0 { return LuaError(.memoryLimit, "not enough memory") }
      return LuaError(.errorHandling, message)
    case LUA_ERRSYNTAX:
      return LuaError(.syntax, message)
    default:
      if host.memory_limit_hit != 0 && message == "not enough memory" {
        return LuaError(.memoryLimit, message)
      }
      return LuaError(.runtime, message)
    }
  }

  /// The error of a spent budget or an interrupt, where the hook recorded it.
  private static func budgetError(_ host: clua_host) -> LuaError {
    let message = withUnsafeBytes(of: host.instruction_limit_message) { bytes in
      String(decoding: bytes.prefix(while: { $0 != 0 }), as: UTF8.self)
    }
    return LuaError(
      host.interrupted != 0 ? .interrupted : .instructionLimit, message,
      location: ScriptLocation(host.instruction_limit_location))
  }

  /// The error the scripts end with now that a limit stopped them, as a failed call gives it
  /// (`LuaState.popError`), with its place and traceback; nil when no limit stopped them. For a
  /// stop no call raised: one in a finalizer (see `LuaState.finish`). Never raises.
  func limitError() -> LuaError? {
    let host = clua_host_of(L)!.pointee
    var error: LuaError
    if host.instruction_limit_hit != 0 {
      error = Self.budgetError(host)
    } else if host.memory_limit_stop != 0 {
      error = LuaError(.memoryLimit, "not enough memory")
      if host.memory_limit_located != 0 {
        error.location = ScriptLocation(host.memory_limit_location)
      }
    } else {
      return nil
    }
    // As popError: a memory error without a place has no traceback.
    guard error.kind != .memoryLimit || error.location != nil, (try? reserve()) != nil else {
      return error
    }
    clua_pushtraceback(L)
    error.traceback = string(at: -1)
    clua_pop(L, 1)
    return error
  }

  /// An error value as text, as the standalone `lua` shows it: strings and numbers as they are,
  /// values with a `__tostring` metamethod through it (protected), anything else by its type.
  func errorMessage(at index: Int32) -> String {
    if let text = text(at: index) { return text }
    let index = lua_absindex(L, index)
    if hasMetamethod("__tostring", at: index), (try? reserve()) != nil {
      let status = clua_tostring(L, index)
      defer { clua_pop(L, 1) }  // the text, or the metamethod's error
      if status == LUA_OK, let text = string(at: -1) { return text }
    }
    return "(error object is a \(typeName(at: index)) value)"
  }

  /// [-0, +0] Whether the value's metatable has `name`, looked up without metamethods.
  func hasMetamethod(_ name: String, at index: Int32) -> Bool {
    guard (try? reserve()) != nil, lua_getmetatable(L, index) != 0 else { return false }
    defer { clua_pop(L, 1) }
    guard (try? push(name)) != nil else { return false }
    let found = lua_rawget(L, -2) != LUA_TNIL
    clua_pop(L, 1)
    return found
  }
}
