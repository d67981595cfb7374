/// A value in an Info.plist, or any property list (what `UserDefaults` stores).
///
/// Two values are equal when they are the same tree; reals compare by their bits, so a NaN a
/// scenario stored equals itself and two stores that hold it hash equal
/// (Documentation/UIKit/storage.md#what-the-model-can-hash).
public indirect enum PlistValue: Hashable, Sendable {
  case string(String)
  case bool(Bool)
  case integer(Int)
  case real(Double)
  case array([PlistValue])
  case dictionary([String: PlistValue])

  public var string: String? {
    if case .string(let value) = self { return value }
    return nil
  }

  public static func == (left: PlistValue, right: PlistValue) -> Bool {
    switch (left, right) {
    case (.string(let a), .string(let b)): a == b
    case (.bool(let a), .bool(let b)): a == b
    case (.integer(let a), .integer(let b)): a == b
    case (.real(let a), .real(let b)): a.bitPattern == b.bitPattern
    case (.array(let a), .array(let b)): a == b
    case (.dictionary(let a), .dictionary(let b)): a == b
    default: false
    }
  }

  public func hash(into hasher: inout Hasher) {
    switch self {
    case .string(let value):
      hasher.combine(0)
      hasher.combine(value)
    case .bool(let value):
      hasher.combine(1)
      hasher.combine(value)
    case .integer(let value):
      hasher.combine(2)
      hasher.combine(value)
    case .real(let value):
      hasher.combine(3)
      hasher.combine(value.bitPattern)
    case .array(let items):
      hasher.combine(4)
      hasher.combine(items)
    case .dictionary(let fields):
      hasher.combine(5)
      hasher.combine(fields)
    }
  }
}
