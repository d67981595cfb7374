import Synchronization

/// An Objective-C selector (`application:didFinishLaunchingWithOptions:`), interned: two
/// selectors with the same name are the same value, and comparing or hashing one is comparing an
/// integer.
///
/// Interning is process-wide, so UIKit's selectors can be static constants shared by every run.
public struct Selector: Hashable, Sendable, CustomStringConvertible {
  /// The selector's index in the interning table.
  public let id: Int32
  /// The Objective-C spelling.
  public let name: String

  public init(_ name: String) {
    self = SelectorTable.shared.withLock { $0.intern(name) }
  }

  /// The selector named `name` when one was made already; nil otherwise, without making one (the
  /// table keeps every name for good). No class implements a selector never made, so asking
  /// whether an object responds to a name needs no new entry.
  public static func existing(_ name: String) -> Selector? {
    SelectorTable.shared.withLock { $0.lookUp(name) }
  }

  fileprivate init(id: Int32, name: String) {
    self.id = id
    self.name = name
  }

  public static func == (lhs: Selector, rhs: Selector) -> Bool { lhs.id == rhs.id }
  public func hash(into hasher: inout Hasher) { hasher.combine(id) }

  public var description: String { name }

  /// How many arguments a message with this selector takes (its number of colons).
  public var argumentCount: Int { name.utf8.count(where: { $0 == UInt8(ascii: ":") }) }
}

private struct SelectorTable: ~Copyable {
  static let shared = Mutex(SelectorTable())

  private var ids: [String: Int32] = [:]

  func lookUp(_ name: String) -> Selector? {
    ids[name].map { Selector(id: $0, name: name) }
  }

  mutating func intern(_ name: String) -> Selector {
    if let id = ids[name] { return Selector(id: id, name: name) }
    let id = Int32(ids.count)
    ids[name] = id
    return Selector(id: id, name: name)
  }
}
