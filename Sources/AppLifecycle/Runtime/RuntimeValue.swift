import XcodeFiles

/// A value that travels in a message: an argument, a return value, a property.
///
/// `host` carries a value of the embedding layer (a Lua table or function) that the runtime
/// passes along without looking inside.
public enum RuntimeValue {
  case `nil`
  case bool(Bool)
  case int(Int)
  case double(Double)
  case string(String)
  case object(RuntimeObject)
  case `class`(RuntimeClass)
  case selector(Selector)
  case array([RuntimeValue])
  case dictionary([String: RuntimeValue])
  case host(AnyObject)

  public var object: RuntimeObject? {
    if case .object(let object) = self { return object }
    return nil
  }

  public var isNil: Bool {
    if case .nil = self { return true }
    return false
  }

  /// A string value, or a description of what the value is instead.
  public var stringValue: String {
    if case .string(let text) = self { return text }
    return "(null)"
  }

  /// Objective-C truthiness of a `BOOL` return: only YES (or a non-zero number) is true.
  public var boolValue: Bool {
    switch self {
    case .bool(let value): value
    case .int(let value): value != 0
    default: false
    }
  }
}

extension RuntimeValue {
  /// An Info.plist value as it travels in messages (a shortcut item's userInfo).
  init(_ plist: PlistValue) {
    switch plist {
    case .string(let text): self = .string(text)
    case .bool(let flag): self = .bool(flag)
    case .integer(let number): self = .int(number)
    case .real(let number): self = .double(number)
    case .array(let items): self = .array(items.map(RuntimeValue.init))
    case .dictionary(let fields): self = .dictionary(fields.mapValues(RuntimeValue.init))
    }
  }
}
