/// The fields of a table made once and kept as long as its state: a binding library, the
/// globals a host defines, the methods of an exposed type.
///
/// Its Swift functions are made with the table, in the same protected call, as closures of
/// their bodies alone: no userdata of their own, no registry reference, no finalizer to run
/// when the state closes. The state keeps each body until it closes, so a table made this
/// way again and again would keep them all: tables made while scripts run use
/// `LuaState.table(array:fields:)`. In the order they were set, a later field of the same key
/// replacing an earlier one; scripts see the sandbox's one order either way
/// (Documentation/Reference/sandbox.md#iteration-order).
public struct LuaFields {
  enum Field {
    case value(LuaValue)
    case function(LuaFunctionBody)
  }

  private(set) var entries: [(key: String, value: Field)] = []

  public init(minimumCapacity: Int = 0) { entries.reserveCapacity(minimumCapacity) }

  public var count: Int { entries.count }

  /// The value last set for `key` (a function set with `function(_:_:)` reads as nil); setting
  /// one adds the field.
  public subscript(key: String) -> LuaValue? {
    get {
      guard let last = entries.last(where: { $0.key == key }), case .value(let value) = last.value
      else { return nil }
      return value
    }
    set { entries.append((key, .value(newValue ?? .nil))) }
  }

  /// Adds the Swift function `key`.
  public mutating func function(_ key: String, _ body: @escaping LuaFunctionBody) {
    entries.append((key, .function(body)))
  }
}

extension LuaFields: ExpressibleByDictionaryLiteral {
  public typealias Key = String
  public typealias Value = LuaValue

  public init(dictionaryLiteral elements: (String, LuaValue)...) {
    entries = elements.map { ($0.0, .value($0.1)) }
  }
}
