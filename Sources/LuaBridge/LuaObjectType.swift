/// What Lua sees of one Swift class: its name, methods and properties.
///
/// The non-generic base is what a state stores and what a userdata's type tag points at; create
/// types through `LuaObjectType<Object>`.
public class LuaObjectTypeBase {
  /// The name Lua shows for these objects (`tostring`, error messages).
  public let name: String
  var methods: [(name: String, body: LuaFunctionBody)] = []
  var getters: [String: (AnyObject) throws -> LuaValue] = [:]
  var setters: [String: (AnyObject, LuaValue) throws -> Void] = [:]
  /// Called for a key that is neither a method nor a property; returns nil when it has none.
  var unknownKey: ((AnyObject, String) throws -> LuaValue?)?
  /// Called to set a key that is not a property; returns false when it refuses.
  var unknownKeyAssignment: ((AnyObject, String, LuaValue) throws -> Bool)?
  var describe: ((AnyObject) -> String)?
  /// The metatable in the state this type was last pushed in (a one-entry cache in front of the
  /// state's dictionary, for the dispatch hot path).
  var lastMetatable: (state: ObjectIdentifier, ref: Int32)?

  init(name: String) { self.name = name }

  var hasDynamicKeys: Bool { !getters.isEmpty || unknownKey != nil }

  func get(_ object: AnyObject, _ key: String) throws -> LuaValue {
    if let getter = getters[key] { return try getter(object) }
    return try unknownKey?(object, key) ?? .nil
  }

  func set(_ object: AnyObject, _ key: String, _ value: LuaValue) throws {
    if let setter = setters[key] { return try setter(object, value) }
    if getters[key] != nil { throw LuaScriptError("property '\(key)' of \(name) is read-only") }
    if try unknownKeyAssignment?(object, key, value) == true { return }
    throw LuaScriptError("\(name) has no property '\(key)'")
  }

  func description(of object: AnyObject) -> String { describe?(object) ?? name }
}

/// Exposes instances of a Swift class to Lua as userdata.
///
/// ```swift
/// let counterType = LuaObjectType<Counter>(name: "Counter")
/// counterType.method("increment") { counter, call in counter.value += 1 }
/// counterType.property("value", get: { .integer($0.value) })
/// ```
/// A method is called as `counter:increment()`; its receiver is checked to be a `Counter` (an
/// identity check of the userdata's type tag) before the body runs. Each object is one Lua value
/// per state, so `==` compares identity; Lua holds a strong reference until the userdata is
/// collected.
public final class LuaObjectType<Object: AnyObject>: LuaObjectTypeBase {
  public override init(name: String) { super.init(name: name) }

  /// Adds a method; `call` holds the arguments after the receiver (receiver is argument 1).
  public func method(_ name: String, _ body: @escaping (Object, inout LuaCall) throws -> Void) {
    methods.append(
      (
        name,
        { [unowned self] call in
          try body(try call.object(1, as: self), &call)
        }
      ))
  }

  /// Adds a property, read as `object.name` and, with a setter, written as `object.name = v`.
  public func property(
    _ name: String,
    get: @escaping (Object) throws -> LuaValue,
    set: ((Object, LuaValue) throws -> Void)? = nil
  ) {
    getters[name] = { try get(unsafeDowncast($0, to: Object.self)) }
    if let set { setters[name] = { try set(unsafeDowncast($0, to: Object.self), $1) } }
  }

  /// Handles keys that are neither methods nor properties (return nil for "no such key").
  public func unknownKey(_ body: @escaping (Object, String) throws -> LuaValue?) {
    unknownKey = { try body(unsafeDowncast($0, to: Object.self), $1) }
  }

  /// Handles assignments to keys that are not properties (return false to refuse).
  public func unknownKeyAssignment(_ body: @escaping (Object, String, LuaValue) throws -> Bool) {
    unknownKeyAssignment = { try body(unsafeDowncast($0, to: Object.self), $1, $2) }
  }

  /// How `tostring` shows an object (default: the type's name). Keep it deterministic: no
  /// addresses.
  public func description(_ body: @escaping (Object) -> String) {
    describe = { body(unsafeDowncast($0, to: Object.self)) }
  }
}
