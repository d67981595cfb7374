import CLua
import CLuaShim

extension LuaState {
  /// Reads a global without metamethods.
  public func global(_ name: String) throws -> LuaValue {
    let stack = self.stack
    let L = stack.L
    return try stack.balanced {
      try stack.reserve(4)
      var name = name
      try stack.check(name.withUTF8 { clua_global(L, $0.baseAddress, $0.count) })
      defer { clua_pop(L, 1) }
      return try stack.value(at: -1, handle: handle)
    }
  }

  /// Sets a global without metamethods.
  public func setGlobal(_ name: String, _ value: LuaValue) throws {
    var global = LuaFields(minimumCapacity: 1)
    global[name] = value
    try setGlobals(global)
  }

  /// Sets a global for each object, named by `names`, exposed as `type`: `setGlobal(name,
  /// .object(object, type))` for each, in one protected call (a scenario sets some 200, one for
  /// each runtime class).
  public func setGlobals(_ names: [String], to objects: [AnyObject], as type: LuaObjectTypeBase)
    throws
  {
    try setObjectGlobals(names, objects, type) { clua_setglobals($0, $1, $2, $3) }
  }

  /// `setGlobals(_:to:as:)`, each global made the first time something reads it: a script that
  /// reads a few of some hundred pays for those. Nothing a script can do tells the difference
  /// (clua_setlazyglobals); the objects are kept until the state closes.
  public func setLazyGlobals(
    _ names: [String], to objects: [AnyObject], as type: LuaObjectTypeBase
  ) throws {
    keepUntilClosed(objects)
    try setObjectGlobals(names, objects, type) { clua_setlazyglobals($0, $1, $2, $3) }
  }

  /// The globals of `names`, `objects` exposed as `type`, set by the shim's `set` in one
  /// protected call.
  private func setObjectGlobals(
    _ names: [String], _ objects: [AnyObject], _ type: LuaObjectTypeBase,
    _ set: (OpaquePointer, UnsafePointer<CChar>?, [clua_field], Int32) -> Int32
  ) throws {
    precondition(names.count == objects.count, "a name for each object")
    let stack = self.stack
    let metatable = try metatable(for: type, on: stack)
    var fields = LuaFieldList(capacity: names.count)
    for (name, object) in zip(names, objects) {
      fields.add(object, as: type, metatable: metatable, key: name)
    }
    try stack.reserve(4)
    try withExtendedLifetime((objects, type)) {
      try stack.check(
        fields.withDescription { bytes, fields in set(stack.L, bytes, fields, Int32(fields.count)) }
      )
    }
  }

  /// A global table and loaded module (`package.loaded`) for each library, each made from its
  /// fields the first time something reads it, by either name (a script reading `device`,
  /// `require "device"`); nothing a script does tells the difference (clua_setlazyglobals).
  public func setLazyLibraries(_ libraries: [(name: String, fields: LuaFields)]) throws {
    guard !libraries.isEmpty else { return }
    var builders = LuaFields(minimumCapacity: libraries.count)
    for (name, fields) in libraries {
      builders.function(name) { call in
        try call.push(.table(try call.state.table(fields, on: call.stack)))
      }
    }
    let stack = self.stack
    try withDescription(of: builders, on: stack) {
      clua_setlazyglobals(stack.L, $0, $1, Int32($1.count))
    }
  }

  /// How many globals of `setLazyGlobals` and `setLazyLibraries` nothing has read yet.
  public var lazyGlobalsWaiting: Int { isClosed ? 0 : Int(clua_lazyglobals_pending(mainThread)) }

  /// Sets a global for each field, as `setGlobal` does, in one protected call; its functions are
  /// kept as long as the state (`LuaFields`).
  public func setGlobals(_ fields: LuaFields) throws {
    let stack = self.stack
    try withDescription(of: fields, on: stack) { clua_setglobals(stack.L, $0, $1, Int32($1.count)) }
  }

  /// `setLoadedModule` for each field, in one protected call.
  public func setLoadedModules(_ fields: LuaFields) throws {
    guard fields.count > 0 else { return }
    let stack = self.stack
    let L = stack.L
    try stack.balanced {
      try stack.reserve()
      try stack.push(LUA_LOADED_TABLE)
      // A raw get from the registry never allocates: the key is replaced by the loaded table.
      lua_rawget(L, clua_registryindex())
      defer { clua_pop(L, 1) }
      guard lua_type(L, -1) == LUA_TTABLE else { return }
      try withDescription(of: fields, on: stack) { clua_setfields(L, -1, $0, $1, Int32($1.count)) }
    }
  }

  /// Records `value` as the loaded module `name` (`package.loaded[name]`), as luaL_requiref
  /// records a library it opens: Lua's messages then name the library's functions even when
  /// no call site does (`bad argument #1 to 'expect.equal'` through `pcall`, not `'?'`).
  public func setLoadedModule(_ name: String, _ value: LuaValue) throws {
    let stack = self.stack
    let L = stack.L
    try stack.balanced {
      try stack.push(LUA_LOADED_TABLE)
      // A raw get from the registry never allocates: the key is replaced by the loaded table.
      lua_rawget(L, clua_registryindex())
      defer { clua_pop(L, 1) }
      guard lua_type(L, -1) == LUA_TTABLE else { return }
      try stack.rawSet(-1, key: name) { try stack.push(value, state: self) }
    }
  }

  /// Defines a global Swift function.
  public func register(_ name: String, _ body: @escaping LuaFunctionBody) throws {
    var global = LuaFields(minimumCapacity: 1)
    global[name] = .function(try function(body))
    try setGlobals(global)
  }
}
