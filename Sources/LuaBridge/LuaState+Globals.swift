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

  /// Globals made the first time something reads them (`setLazyGlobals(_:)`): a script that
  /// reads a few of some hundred pays for those.
  public enum LazyGlobals {
    /// A global for each object, named by the names, exposed as the type (a scenario sets some
    /// 200, one for each runtime class). The objects are kept until the state closes.
    case objects([String], [AnyObject], as: LuaObjectTypeBase)
    /// A global table and loaded module (`package.loaded`) for each library, made from its
    /// fields the first time something reads it by either name (a script reading `device`,
    /// `require "device"`).
    case libraries([(name: String, fields: LuaFields)])
  }

  /// Sets a global for each field now, without metamethods, in one protected call: values
  /// (objects, tables, functions made with `function(_:)`) and Swift functions kept as long as
  /// the state (`LuaFields`). A global set over a lazy one nothing has read yet replaces it (a
  /// library is made first: it stays its loaded module).
  public func setGlobals(_ fields: LuaFields) throws {
    let stack = self.stack
    try withDescription(of: fields, on: stack) { clua_setglobals(stack.L, $0, $1, Int32($1.count)) }
  }

  /// Sets globals that are made the first time something reads them, in one protected call.
  /// Nothing a script does tells the difference (clua_setlazyglobals): whatever looks at the
  /// globals table or `package.loaded` itself (`rawget`, `next`, `pairs`, …, `global(_:)`,
  /// `entries(of:)`) makes them all first.
  public func setLazyGlobals(_ globals: LazyGlobals) throws {
    switch globals {
    case .objects(let names, let objects, let type):
      keepUntilClosed(objects)
      try setObjectGlobals(names, objects, type) { clua_setlazyglobals($0, $1, $2, $3) }
    case .libraries(let libraries):
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
  }

  /// Sets one global, as `setGlobals(_:)` does.
  public func setGlobal(_ name: String, _ value: LuaValue) throws {
    var global = LuaFields(minimumCapacity: 1)
    global[name] = value
    try setGlobals(global)
  }

  /// Defines a global Swift function: `setGlobal(name, .function(try function(body)))`, a
  /// function the collector frees once nothing refers to it (a `LuaFields` function is kept as
  /// long as the state).
  public func register(_ name: String, _ body: @escaping LuaFunctionBody) throws {
    var global = LuaFields(minimumCapacity: 1)
    global[name] = .function(try function(body))
    try setGlobals(global)
  }

  /// How many globals of `setLazyGlobals(_:)` nothing has read yet.
  public var lazyGlobalsWaiting: Int { isClosed ? 0 : Int(clua_lazyglobals_pending(mainThread)) }

  @available(*, deprecated, message: "use setGlobals(_:) with .object(object, type) values")
  public func setGlobals(_ names: [String], to objects: [AnyObject], as type: LuaObjectTypeBase)
    throws
  {
    try setObjectGlobals(names, objects, type) { clua_setglobals($0, $1, $2, $3) }
  }

  @available(*, deprecated, message: "use setLazyGlobals(.objects(names, objects, as: type))")
  public func setLazyGlobals(
    _ names: [String], to objects: [AnyObject], as type: LuaObjectTypeBase
  ) throws {
    try setLazyGlobals(.objects(names, objects, as: type))
  }

  @available(*, deprecated, message: "use setLazyGlobals(.libraries(libraries))")
  public func setLazyLibraries(_ libraries: [(name: String, fields: LuaFields)]) throws {
    try setLazyGlobals(.libraries(libraries))
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
}
