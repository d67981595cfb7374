import AppLifecycle

extension Lifescript {
  /// A value that travels in a message to or from a native method: an argument, a return
  /// value, a property.
  ///
  /// Lua values arrive as themselves: `nil`, booleans, integers, numbers and strings; a table
  /// whose keys are 1…n as an array and one whose keys are all strings as a dictionary (the
  /// empty table as an empty array); objects and classes as ``Object`` and class names. What
  /// has no Swift form (a Lua function, a table with mixed keys) is ``opaque(_:)``: a native
  /// method can keep it and hand it back, unchanged. The literals of Swift make values:
  /// `return true`, `return "done"`, `return ["a", 1]`.
  public enum Value: Equatable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral,
    ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
  {
    /// `nil` in Lua, `nil` in Objective-C.
    case `nil`
    /// A Lua boolean, a `BOOL`.
    case bool(Bool)
    /// A Lua integer, an `NSInteger`.
    case int(Int)
    /// A Lua float, a `double`.
    case double(Double)
    /// A string.
    case string(String)
    /// A selector, by its Objective-C name (`sceneDidBecomeActive:`); Lua sees a string.
    case selector(String)
    /// An object of the runtime: a UIKit object, an instance of a script or native class.
    case object(Object)
    /// A class, by name (`UIViewController`); Lua sees the class.
    case `class`(String)
    /// A list: a Lua table with keys 1…n.
    case array([Value])
    /// A record: a Lua table whose keys are strings (`launchOptions`, `userInfo`).
    case dictionary([String: Value])
    /// A Lua value with no Swift form, passed through unchanged.
    case opaque(OpaqueValue)

    /// A string value.
    public init(stringLiteral value: String) { self = .string(value) }
    /// An integer value.
    public init(integerLiteral value: Int) { self = .int(value) }
    /// A floating-point value.
    public init(floatLiteral value: Double) { self = .double(value) }
    /// A Boolean value.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    /// An array value.
    public init(arrayLiteral elements: Value...) { self = .array(elements) }
    /// A dictionary value; a key given twice keeps its last value.
    public init(dictionaryLiteral elements: (String, Value)...) {
      self = .dictionary(Dictionary(elements, uniquingKeysWith: { $1 }))
    }

    /// Whether this is `nil`.
    public var isNil: Bool { self == .nil }
    /// The string, if this is one.
    public var string: String? {
      if case .string(let text) = self { return text }
      return nil
    }
    /// The integer, if this is one (a float with no fraction counts, as in Lua).
    public var int: Int? {
      switch self {
      case .int(let number): number
      case .double(let number): Int(exactly: number)
      default: nil
      }
    }
    /// The number, if this is one.
    public var double: Double? {
      switch self {
      case .int(let number): Double(number)
      case .double(let number): number
      default: nil
      }
    }
    /// The Boolean, if this is one.
    public var bool: Bool? {
      if case .bool(let flag) = self { return flag }
      return nil
    }
    /// The object, if this is one.
    public var object: Object? {
      if case .object(let object) = self { return object }
      return nil
    }
    /// The elements, if this is an array.
    public var array: [Value]? {
      if case .array(let items) = self { return items }
      return nil
    }
    /// The fields, if this is a dictionary.
    public var dictionary: [String: Value]? {
      if case .dictionary(let fields) = self { return fields }
      return nil
    }

    /// The value as Swift would print it: `nil`, `true`, `3`, `"text"`, `[1, 2]`,
    /// `<AppDelegate: 0x600000c00040>`.
    public var description: String {
      switch self {
      case .nil: "nil"
      case .bool(let flag): "\(flag)"
      case .int(let number): "\(number)"
      case .double(let number): "\(number)"
      case .string(let text): "\"\(text)\""
      case .selector(let name): "#selector(\(name))"
      case .object(let object): object.description
      case .class(let name): name
      case .array(let items): "[" + items.map(\.description).joined(separator: ", ") + "]"
      case .dictionary(let fields):
        fields.isEmpty
          ? "[:]"
          : "["
            + fields.sorted { $0.key < $1.key }.map { "\"\($0.key)\": \($0.value)" }
            .joined(separator: ", ") + "]"
      case .opaque(let value): value.description
      }
    }

    /// A runtime value as native code sees it; Lua tables are opened when `opening`.
    init(_ value: RuntimeValue, context: NativeContext, opening: Bool = true) {
      switch value {
      case .nil: self = .nil
      case .bool(let flag): self = .bool(flag)
      case .int(let number): self = .int(number)
      case .double(let number): self = .double(number)
      case .string(let text): self = .string(text)
      case .selector(let selector): self = .selector(selector.name)
      case .object(let object): self = .object(Object(object, context: context))
      case .class(let cls): self = .class(cls.name)
      case .array(let items):
        self = .array(items.map { Value($0, context: context, opening: opening) })
      case .dictionary(let fields):
        self = .dictionary(fields.mapValues { Value($0, context: context, opening: opening) })
      case .host:
        // Opened once: what is left inside (a cycle, a function) stays opaque.
        guard opening, let opened = context.scenario?.openingTables(value),
          !Self.isHost(opened)
        else {
          self = .opaque(OpaqueValue(value, context: context))
          return
        }
        self = Value(opened, context: context, opening: false)
      }
    }

    private static func isHost(_ value: RuntimeValue) -> Bool {
      if case .host = value { return true }
      return false
    }

    /// The value as the runtime carries it; a class name must name a class.
    func runtimeValue(in context: NativeContext) throws(Error) -> RuntimeValue {
      switch self {
      case .nil: return .nil
      case .bool(let flag): return .bool(flag)
      case .int(let number): return .int(number)
      case .double(let number): return .double(number)
      case .string(let text): return .string(text)
      case .selector(let name): return .selector(Selector(name))
      case .object(let object):
        guard object.belongs(to: context) else {
          throw Error(.invalidMessage, "\(object) belongs to another run of a scenario")
        }
        return .object(object.base)
      case .class(let name):
        guard let cls = try context.liveRuntime().classNamed(name) else {
          throw Error(.invalidMessage, "no class named \(name)")
        }
        return .class(cls)
      case .array(let items):
        var converted: [RuntimeValue] = []
        for item in items { converted.append(try item.runtimeValue(in: context)) }
        return .array(converted)
      case .dictionary(let fields):
        var converted: [String: RuntimeValue] = [:]
        for (key, field) in fields { converted[key] = try field.runtimeValue(in: context) }
        return .dictionary(converted)
      case .opaque(let value):
        guard value.context === context else {
          throw Error(
            .invalidMessage, "a Lua value from another run of a scenario cannot go to this one")
        }
        return value.value
      }
    }
  }

  /// A Lua value with no Swift form (a function, a table with mixed keys), which a native
  /// method can keep and hand back unchanged, in the same run; equal only to itself.
  public final class OpaqueValue: Equatable, CustomStringConvertible, @unchecked Sendable {
    // Unchecked: `value` is immutable and goes back to Lua only in its own run, on its thread
    // (`runtimeValue(in:)` checks the run, `liveRuntime()` the thread).
    let value: RuntimeValue
    let context: NativeContext

    init(_ value: RuntimeValue, context: NativeContext) {
      self.value = value
      self.context = context
    }

    /// Whether both are the same value.
    public static func == (lhs: OpaqueValue, rhs: OpaqueValue) -> Bool { lhs === rhs }

    /// `<Lua value>`.
    public var description: String { "<Lua value>" }
  }
}
