/// A class's own methods by selector: an open-addressed table keyed by the selector's interned
/// number, as `MethodCache` is. UIKit's classes get some thousand methods at every scenario's
/// set-up, and a `Dictionary` hashed each selector with `Hasher` and rehashed as it grew: half
/// of what defining a method cost.
///
/// Selector numbers are handed out in order, so `id & mask` spreads them; the table doubles when
/// it is half full. Methods are never removed, only replaced.
struct MethodTable {
  private struct Slot {
    /// The selector's number; -1 marks an empty slot.
    var id: Int32
    var implementation: MethodImplementation?
  }

  private var slots: ContiguousArray<Slot> = []
  private(set) var count = 0

  /// The implementation of `selector` in this table.
  subscript(selector: Selector) -> MethodImplementation? {
    guard count > 0 else { return nil }
    let mask = slots.count - 1
    var index = Int(selector.id) & mask
    while true {
      let id = slots[index].id
      if id == selector.id { return slots[index].implementation }
      if id < 0 { return nil }
      index = (index + 1) & mask
    }
  }

  /// Adds or replaces the implementation of `selector`; returns the one it replaces.
  @discardableResult
  mutating func updateValue(_ implementation: MethodImplementation, for selector: Selector)
    -> MethodImplementation?
  {
    if (count + 1) * 2 > slots.count { grow() }
    let mask = slots.count - 1
    var index = Int(selector.id) & mask
    while true {
      let id = slots[index].id
      if id == selector.id {
        let old = slots[index].implementation
        slots[index].implementation = implementation
        return old
      }
      if id < 0 {
        slots[index] = Slot(id: selector.id, implementation: implementation)
        count += 1
        return nil
      }
      index = (index + 1) & mask
    }
  }

  /// The selectors in the table, in no particular order (the same order for the same
  /// definitions).
  var selectors: [Selector] {
    var selectors: [Selector] = []
    selectors.reserveCapacity(count)
    for slot in slots where slot.id >= 0 { selectors.append(Selector(interned: slot.id)) }
    return selectors
  }

  private mutating func grow() {
    var old = ContiguousArray(
      repeating: Slot(id: -1, implementation: nil), count: max(8, slots.count * 2))
    swap(&old, &slots)
    let mask = slots.count - 1
    // The implementations move to their new slots (taken out of the old ones), rather than
    // being copied and the old table's released.
    for oldIndex in old.indices where old[oldIndex].id >= 0 {
      let id = old[oldIndex].id
      var index = Int(id) & mask
      while slots[index].id >= 0 { index = (index + 1) & mask }
      slots[index] = Slot(id: id, implementation: old[oldIndex].implementation.take())
    }
  }
}
