import AppLifecycle
import LuaBridge

/// A Lua value the runtime carries without looking inside (a table or function passed as an
/// argument, a script field), so it comes back to Lua as the same value.
final class LuaHostValue {
  let value: LuaValue

  init(_ value: LuaValue) { self.value = value }
}

extension RuntimeBindings {
  /// A runtime value as Lua sees it.
  func luaValue(_ value: RuntimeValue) throws -> LuaValue {
    switch value {
    case .nil: return .nil
    case .bool(let flag): return .boolean(flag)
    case .int(let number): return .integer(number)
    case .double(let number): return .number(number)
    case .string(let text): return .string(text)
    case .object(let block as NativeBlock):
      // A block UIKit hands the app (a completion handler): a function the script calls.
      return .function(
        try lua.function { [unowned self] call in
          let arguments = try (0..<call.argumentCount).map { runtimeValue(try call.value($0 + 1)) }
          try block.call(arguments)
        })
    case .object(let object): return .object(object, objectType)
    case .class(let cls): return .object(cls, classType)
    case .selector(let selector): return .string(selector.name)
    case .array(let items):
      return .table(try lua.table(array: items.map(luaValue)))
    case .dictionary(let fields):
      return .table(try lua.table(fields: fields.mapValues(luaValue)))
    case .host(let host):
      return (host as? LuaHostValue)?.value ?? .nil
    }
  }

  /// A Lua value as the runtime carries it.
  func runtimeValue(_ value: LuaValue) -> RuntimeValue {
    switch value {
    case .nil: return .nil
    case .boolean(let flag): return .bool(flag)
    case .integer(let number): return .int(number)
    case .number(let number): return .double(number)
    case .string(let text): return .string(text)
    case .object(let object as RuntimeObject, _): return .object(object)
    case .object(let cls as RuntimeClass, _): return .class(cls)
    default: return .host(LuaHostValue(value))
    }
  }
}
