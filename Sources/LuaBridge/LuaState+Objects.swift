import CLua
import CLuaShim

extension LuaState {
  /// [-0, +1]
  func pushFunction(_ body: @escaping LuaFunctionBody, on stack: LuaStack) throws {
    try stack.reserve()
    let box = LuaFunctionBox(body)
    try stack.check(clua_pushfunction(stack.L, Unmanaged.passUnretained(box).toOpaque()))
  }

  /// [-0, +1] The userdata of a Swift object exposed as `type`.
  func pushObject(_ object: AnyObject, type: LuaObjectTypeBase, on stack: LuaStack) throws {
    let metatable = try metatable(for: type, on: stack)
    try stack.reserve()
    try stack.check(
      clua_pushobject(
        stack.L, Unmanaged.passUnretained(object).toOpaque(),
        Unmanaged.passUnretained(type).toOpaque(), metatable))
  }

  /// pushObject for an object that keeps the slot of its userdata (clua_pushobjectslot).
  func pushObject(
    _ object: AnyObject, type: LuaObjectTypeBase, slot: inout Int32, on stack: LuaStack
  ) throws {
    let metatable = try metatable(for: type, on: stack)
    try stack.reserve()
    try stack.check(
      clua_pushobjectslot(
        stack.L, Unmanaged.passUnretained(object).toOpaque(),
        Unmanaged.passUnretained(type).toOpaque(), metatable, &slot))
  }

  /// The registry reference of the metatable for `type`, built the first time.
  ///
  /// Methods live in a plain table (`__index`), so a method lookup never leaves Lua; when the
  /// type has properties, a small Lua function tries that table first and asks Swift only for
  /// other keys.
  func metatable(for type: LuaObjectTypeBase, on stack: LuaStack) throws -> Int32 {
    if let last = type.lastMetatable, last.state == ObjectIdentifier(self) { return last.ref }
    if let known = existingMetatable(for: type) {
      type.lastMetatable = (ObjectIdentifier(self), known.ref)
      return known.ref
    }
    // The metatable lives as long as the state: its functions are kept ones (LuaFields).
    var methods = LuaFields(minimumCapacity: type.methods.count)
    for (name, body) in type.methods { methods.function(name, body) }
    var fields = LuaFields(minimumCapacity: 3)
    if type.hasDynamicKeys {
      var lookup = LuaFields(minimumCapacity: 2)
      lookup["methods"] = .table(try table(methods, on: stack))
      lookup.function("lookup") { [unowned type] call in
        let object = try call.receiver(of: type)
        try call.push(try type.get(object, try call.string(2)))
      }
      let parts = try table(lookup, on: stack)
      let factory = try loadCompiled(Self.indexFunctionSource, chunkName: Self.hostChunk, on: stack)
      fields["__index"] = try call(factory, [.table(parts)], on: stack)[0]
    } else {
      fields["__index"] = .table(try table(methods, on: stack))
    }
    fields.function("__newindex") { [unowned type] call in
      let object = try call.receiver(of: type)
      try type.set(object, try call.string(2), try call.value(3))
    }
    fields.function("__tostring") { [unowned type] call in
      try call.push(type.description(of: try call.receiver(of: type)))
    }
    try stack.reserve()
    try stack.check(clua_newobjectmetatable(stack.L, type.name))
    do {
      try withDescription(of: fields, on: stack) {
        clua_setfields(stack.L, -1, $0, $1, Int32($1.count))
      }
    } catch {
      clua_pop(stack.L, 1)  // the metatable
      throw error
    }
    let ref = try stack.popReference(handle: handle)
    rememberMetatable(ref, for: type)
    type.lastMetatable = (ObjectIdentifier(self), ref.ref)
    return ref.ref
  }

  private static let indexFunctionSource = """
    local methods, lookup = (...).methods, (...).lookup
    return function(self, key)
      local method = methods[key]
      if method ~= nil then return method end
      return lookup(self, key)
    end
    """
}
