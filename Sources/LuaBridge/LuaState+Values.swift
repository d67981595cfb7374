import CLua
import CLuaShim

extension LuaState {
  /// How many fixed parameters a Lua function declares (`function(a, b, ...)` has 2); nil for a
  /// function that is not Lua (a C or Swift function).
  public func parameterCount(of function: LuaReference) -> Int? {
    let stack = self.stack
    guard (try? stack.reserve()) != nil else { return nil }
    stack.push(function)
    var info = lua_Debug()
    // ">u" pops the function; lua_getinfo cannot raise.
    guard lua_getinfo(stack.L, ">Su", &info) != 0, info.what.map({ String(cString: $0) }) != "C"
    else { return nil }
    return Int(info.nparams)
  }

  /// A Lua function that calls `body`.
  public func function(_ body: @escaping LuaFunctionBody) throws -> LuaReference {
    try function(body, on: stack)
  }

  func function(_ body: @escaping LuaFunctionBody, on stack: LuaStack) throws -> LuaReference {
    try stack.balanced {
      try stack.reserve(3)
      let box = LuaFunctionBox(body)
      var ref: Int32 = 0
      // Made and kept in the registry in one protected call (a scenario makes some hundred).
      try stack.check(clua_newfunctionref(stack.L, Unmanaged.passUnretained(box).toOpaque(), &ref))
      return LuaReference(handle: handle, ref: ref)
    }
  }

  /// One of the shim's C functions as a Lua value: a light C function, with no box and no
  /// Swift frame between Lua and it.
  func cFunction(_ function: lua_CFunction) throws -> LuaReference {
    let stack = self.stack
    try stack.reserve(1)
    clua_pushcfunction(stack.L, function)  // never allocates
    return try stack.popReference(handle: handle)
  }

  /// A new table with the given array items and fields.
  public func table(array: [LuaValue] = [], fields: [String: LuaValue] = [:]) throws
    -> LuaReference
  {
    try table(array: array, fields: fields, on: stack)
  }

  /// The table is made in one protected call (clua_newtableref), from a description of its
  /// items and fields: every binding library is such a table, and making it a push, a set and
  /// two protected calls per field cost more than the rest of a scenario's set-up of it.
  func table(array: [LuaValue] = [], fields: [String: LuaValue], on stack: LuaStack) throws
    -> LuaReference
  {
    var list = LuaFieldList(capacity: array.count + fields.count)
    for item in array { try list.add(item, key: nil, state: self, on: stack) }
    // In the dictionary's order, which changes from process to process: so does the layout Lua
    // gives the keys (it seeds its string hashes per state), and scripts see the one order the
    // sandbox's pairs and next give (Documentation/Reference/sandbox.md#iteration-order).
    // Sorting the keys first took a quarter of a library's cost.
    for (key, item) in fields { try list.add(item, key: key, state: self, on: stack) }
    try stack.reserve(4)
    var ref: Int32 = 0
    try stack.check(
      list.withDescription { bytes, fields in
        clua_newtableref(stack.L, bytes, fields, Int32(array.count), Int32(fields.count), &ref)
      })
    return LuaReference(handle: handle, ref: ref)
  }

  /// A new table of `fields`, made in one protected call with its functions (`LuaFields`).
  public func table(_ fields: LuaFields) throws -> LuaReference {
    try table(fields, on: stack)
  }

  func table(_ fields: LuaFields, on stack: LuaStack) throws -> LuaReference {
    var ref: Int32 = 0
    try withDescription(of: fields, on: stack) {
      clua_newtableref(stack.L, $0, $1, 0, Int32($1.count), &ref)
    }
    return LuaReference(handle: handle, ref: ref)
  }

  /// Calls `body` with the description of `fields` (their functions kept), and throws the error
  /// its status says: one protected call of the shim that makes or sets them.
  func withDescription(
    of fields: LuaFields, on stack: LuaStack,
    _ body: (UnsafePointer<CChar>?, [clua_field]) -> Int32
  ) throws {
    var list = LuaFieldList(capacity: fields.count)
    for (key, value) in fields.entries { try list.add(value, key: key, state: self, on: stack) }
    try stack.reserve(4)
    try stack.check(list.withDescription(body))
  }

  /// `table[key]`, honouring metamethods (which run protected).
  public func get(_ table: LuaReference, _ key: LuaValue) throws -> LuaValue {
    let stack = self.stack
    let L = stack.L
    return try stack.balanced {
      try stack.reserve(2)
      stack.push(table)
      defer { clua_pop(L, 1) }
      try stack.push(key, state: self)
      try stack.check(clua_gettable(L, -2))
      defer { clua_pop(L, 1) }
      return try stack.value(at: -1, handle: handle)
    }
  }

  /// `table[key] = value`, honouring metamethods (which run protected).
  public func set(_ table: LuaReference, _ key: LuaValue, _ value: LuaValue) throws {
    let stack = self.stack
    let L = stack.L
    try stack.balanced {
      try stack.reserve(3)
      stack.push(table)
      defer { clua_pop(L, 1) }
      try stack.push(key, state: self)
      do { try stack.push(value, state: self) } catch {
        clua_pop(L, 1)
        throw error
      }
      try stack.check(clua_settable(L, -3))
    }
  }

  /// A value as `tostring` would write it (runs `__tostring`, protected).
  public func describe(_ value: LuaValue) throws -> String {
    let stack = self.stack
    let L = stack.L
    return try stack.balanced {
      try stack.push(value, state: self)
      defer { clua_pop(L, 1) }
      try stack.check(clua_tostring(L, -1))
      defer { clua_pop(L, 1) }
      return stack.string(at: -1) ?? ""
    }
  }

  /// [-0, +0] The address that identifies a table (or any collectable value) while it lives:
  /// two references to one table give the same address, so a walk can tell a table that
  /// contains itself. Never raises; throws only when the stack cannot grow.
  public func address(of reference: LuaReference) throws -> UnsafeRawPointer? {
    let stack = self.stack
    return try stack.balanced {
      try stack.reserve()
      stack.push(reference)
      defer { clua_pop(stack.L, 1) }
      return lua_topointer(stack.L, -1)
    }
  }

  /// A table's entries, read raw (no metamethods), in Lua's traversal order.
  public func entries(of table: LuaReference) throws -> [(key: LuaValue, value: LuaValue)] {
    let stack = self.stack
    return try stack.balanced {
      try stack.reserve(3)
      stack.push(table)
      defer { clua_pop(stack.L, 1) }
      // The globals table with all its globals (setLazyGlobals).
      try stack.check(clua_settleglobals(stack.L, -1))
      var entries: [(key: LuaValue, value: LuaValue)] = []
      lua_pushnil(stack.L)
      // lua_next raises only for a key that is not in the table; the keys come from lua_next.
      while lua_next(stack.L, -2) != 0 {
        defer { clua_pop(stack.L, 1) }  // the value; the key stays for the next step
        do {
          entries.append(
            (try stack.value(at: -2, handle: handle), try stack.value(at: -1, handle: handle)))
        } catch {
          clua_pop(stack.L, 1)  // the key, ending the walk early
          throw error
        }
      }
      return entries
    }
  }
}
