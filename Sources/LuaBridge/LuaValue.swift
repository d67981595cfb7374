import CLua
import CLuaShim

/// A Lua value on the Swift side.
///
/// Scalars and strings are copied; tables, functions, threads and foreign userdata are held
/// through registry references; Swift objects exposed with a `LuaObjectType` come back as the
/// objects themselves.
public enum LuaValue {
  case `nil`
  case boolean(Bool)
  case integer(Int)
  case number(Double)
  case string(String)
  case table(LuaReference)
  case function(LuaReference)
  case thread(LuaReference)
  /// A full userdata that is not a Swift object of ours (for example an `io` file).
  case userdata(LuaReference)
  case lightUserdata(UnsafeMutableRawPointer?)
  /// A Swift object exposed to Lua, with the type it was exposed as.
  case object(AnyObject, LuaObjectTypeBase)

  /// The Lua type name, as `type()` returns it.
  public var typeName: String {
    switch self {
    case .nil: "nil"
    case .boolean: "boolean"
    case .integer, .number: "number"
    case .string: "string"
    case .table: "table"
    case .function: "function"
    case .thread: "thread"
    case .userdata, .lightUserdata, .object: "userdata"
    }
  }

  /// A Swift object of the given type, if this value is one.
  public func object<Object: AnyObject>(as type: Object.Type) -> Object? {
    guard case .object(let object, _) = self else { return nil }
    return object as? Object
  }

  public var isNil: Bool {
    if case .nil = self { return true }
    return false
  }
}

extension LuaValue: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral,
  ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral, ExpressibleByStringLiteral
{
  public init(nilLiteral: ()) { self = .nil }
  public init(booleanLiteral value: Bool) { self = .boolean(value) }
  public init(integerLiteral value: Int) { self = .integer(value) }
  public init(floatLiteral value: Double) { self = .number(value) }
  public init(stringLiteral value: String) { self = .string(value) }
}

extension LuaValue: CustomStringConvertible {
  public var description: String {
    switch self {
    case .nil: "nil"
    case .boolean(let value): String(value)
    case .integer(let value): String(value)
    case .number(let value): LuaStack.format(value)
    case .string(let value): value
    case .object(_, let type): type.name
    default: typeName
    }
  }
}

extension LuaStack {
  /// [-0, +0] The value at `index` as a LuaValue.
  func value(at index: Int32, handle: LuaStateHandle) throws -> LuaValue {
    switch lua_type(L, index) {
    case LUA_TNIL, LUA_TNONE:
      return .nil
    case LUA_TBOOLEAN:
      return .boolean(lua_toboolean(L, index) != 0)
    case LUA_TNUMBER:
      if lua_isinteger(L, index) != 0 { return .integer(Int(lua_tointegerx(L, index, nil))) }
      return .number(lua_tonumberx(L, index, nil))
    case LUA_TSTRING:
      return .string(string(at: index)!)
    case LUA_TTABLE:
      return .table(try reference(at: index, handle: handle))
    case LUA_TFUNCTION:
      return .function(try reference(at: index, handle: handle))
    case LUA_TTHREAD:
      return .thread(try reference(at: index, handle: handle))
    case LUA_TLIGHTUSERDATA:
      return .lightUserdata(lua_touserdata(L, index))
    default:
      var tag: UnsafeRawPointer?
      if let object = clua_toobject(L, index, &tag), let tag {
        let type = Unmanaged<LuaObjectTypeBase>.fromOpaque(tag).takeUnretainedValue()
        return .object(Unmanaged<AnyObject>.fromOpaque(object).takeUnretainedValue(), type)
      }
      return .userdata(try reference(at: index, handle: handle))
    }
  }

  /// [-0, +1] Pushes a LuaValue. Objects must be exposed through a state that knows their type.
  func push(_ value: LuaValue, state: LuaState) throws {
    switch value {
    case .nil: pushNil()
    case .boolean(let value): push(value)
    case .integer(let value): push(value)
    case .number(let value): push(value)
    case .string(let value): try push(value)
    case .table(let reference), .function(let reference), .thread(let reference),
      .userdata(let reference):
      guard reference.handle === state.handle else {
        throw LuaError(.runtime, "a Lua value of another state cannot be used here")
      }
      try reserve()
      push(reference)
    case .lightUserdata(let pointer):
      try reserve()
      lua_pushlightuserdata(L, pointer)
    case .object(let object, let type):
      try state.pushObject(object, type: type, on: self)
    }
  }
}
