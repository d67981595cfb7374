/// A class's cache of method lookups, as the Objective-C runtime keeps one: an open-addressed
/// table keyed by the selector's interned number, so a lookup is a mask and a compare, with no
/// `Hasher` on the path every message takes. Misses are cached too: most optional delegate
/// methods are not implemented, and UIKit asks about them at every transition.
///
/// Selector numbers are handed out in order, so `id & mask` spreads them evenly; the table
/// doubles when it is half full, so a probe ends after a few slots.
struct MethodCache {
  /// What a lookup found: the implementation and the class it is in, or nothing.
  enum Entry {
    case found(MethodImplementation, RuntimeClass)
    case missing
  }

  private struct Slot {
    /// The selector's number; -1 marks an empty slot.
    var id: Int32
    var entry: Entry
  }

  private var slots: ContiguousArray<Slot> = []
  private var count = 0

  /// Whether nothing is cached (a class whose cache fills tells its runtime, which flushes it).
  var isEmpty: Bool { count == 0 }

  /// The cached lookup of `selector`; nil when it was not looked up since the last flush.
  @inline(__always)
  func entry(for selector: Selector) -> Entry? {
    guard let index = slot(of: selector) else { return nil }
    return slots.withUnsafeBufferPointer { $0[index].entry }
  }

  /// Whether the cached lookup of `selector` found a method: nil when it was not looked up
  /// since the last flush. Reads the entry in place, without copying (and retaining) what it
  /// found.
  @inline(__always)
  func found(_ selector: Selector) -> Bool? {
    guard let index = slot(of: selector) else { return nil }
    return slots.withUnsafeBufferPointer {
      if case .missing = $0[index].entry { return false }
      return true
    }
  }

  /// The slot that caches `selector`; nil when none does.
  @inline(__always)
  private func slot(of selector: Selector) -> Int? {
    guard count > 0 else { return nil }
    let mask = slots.count - 1
    var index = Int(selector.id) & mask
    return slots.withUnsafeBufferPointer { slots in
      while true {
        let id = slots[index].id
        if id == selector.id { return index }
        if id < 0 { return nil }
        index = (index + 1) & mask
      }
    }
  }

  /// Caches the lookup of a selector that is not cached yet.
  mutating func insert(_ entry: Entry, for selector: Selector) {
    if (count + 1) * 2 > slots.count { grow() }
    insert(entry, id: selector.id)
  }

  private mutating func insert(_ entry: Entry, id: Int32) {
    let mask = slots.count - 1
    var index = Int(id) & mask
    while slots[index].id >= 0 { index = (index + 1) & mask }
    slots[index] = Slot(id: id, entry: entry)
    count += 1
  }

  /// Forgets every lookup (a method table changed); keeps the table's size.
  mutating func removeAll() {
    guard count > 0 else { return }
    for index in slots.indices { slots[index] = Slot(id: -1, entry: .missing) }
    count = 0
  }

  private mutating func grow() {
    let old = slots
    slots = ContiguousArray(
      repeating: Slot(id: -1, entry: .missing), count: max(16, old.count * 2))
    count = 0
    for slot in old where slot.id >= 0 {
      insert(slot.entry, id: slot.id)
    }
  }
}
