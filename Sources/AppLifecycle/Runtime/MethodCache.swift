/// A class's cache of method lookups, as the Objective-C runtime keeps one: an open-addressed
/// table keyed by the selector's interned number (a `SelectorMap`, as `MethodTable` is), so a
/// lookup is a mask and a compare, with no `Hasher` on the path every message takes. Misses are
/// cached too: most optional delegate methods are not implemented, and UIKit asks about them at
/// every transition.
///
/// The table starts at sixteen slots; a flush empties it and keeps its size.
struct MethodCache {
  /// What a lookup found: the implementation and the class it is in, or nothing.
  enum Entry {
    case found(MethodImplementation, RuntimeClass)
    case missing
  }

  private struct Slot: SelectorMapSlot {
    var id: Int32
    var entry: Entry

    static var empty: Slot { Slot(id: -1, entry: .missing) }
    static var initialCapacity: Int { 16 }
  }

  private var slots = SelectorMap<Slot>()

  /// Whether nothing is cached (a class whose cache fills tells its runtime, which flushes it).
  var isEmpty: Bool { slots.isEmpty }

  /// The cached lookup of `selector`; nil when it was not looked up since the last flush.
  @inline(__always)
  func entry(for selector: Selector) -> Entry? { slots.withSlot(for: selector) { $0.entry } }

  /// Whether the cached lookup of `selector` found a method: nil when it was not looked up
  /// since the last flush. Reads the entry in place, without copying (and retaining) what it
  /// found.
  @inline(__always)
  func found(_ selector: Selector) -> Bool? {
    slots.withSlot(for: selector) {
      if case .missing = $0.entry { return false }
      return true
    }
  }

  /// Caches the lookup of a selector that is not cached yet.
  mutating func insert(_ entry: Entry, for selector: Selector) {
    slots.insert(Slot(id: selector.id, entry: entry))
  }

  /// Forgets every lookup (a method table changed); keeps the table's size.
  mutating func removeAll() { slots.removeAll() }
}
