/// Slots keyed by a selector's interned number in one open-addressed table, as the Objective-C
/// runtime keeps its method caches: a lookup is a mask and a compare, with no `Hasher` on the
/// path every message takes. A class's methods (`MethodTable`) and its cache of lookups
/// (`MethodCache`) are both this table, so the probing is written once. Selector numbers are
/// handed out in order, so `id & mask` spreads them evenly; the table doubles when it is half
/// full, so a probe ends after a few slots, and nothing is removed but all at once. It is
/// generic over its slot, which each table declares as a struct of its own, rather than over a
/// value in a slot of the map's: the release build specializes the map for each table, but the
/// copies and destruction of a generic struct's slots would go through witnesses made at run
/// time (measured: a cold start 0.9% slower, and a copy more per message).
struct SelectorMap<Slot: SelectorMapSlot> {
  private var slots: ContiguousArray<Slot> = []
  private(set) var count = 0

  var isEmpty: Bool { count == 0 }

  /// What `read` says of the slot that holds `selector`, read in place; nil when none does.
  @inline(__always)
  func withSlot<Result>(for selector: Selector, _ read: (Slot) -> Result) -> Result? {
    guard count > 0 else { return nil }
    let mask = slots.count - 1
    var index = Int(selector.id) & mask
    return slots.withUnsafeBufferPointer { slots in
      while true {
        let id = slots[index].id
        if id == selector.id { return read(slots[index]) }
        if id < 0 { return nil }
        index = (index + 1) & mask
      }
    }
  }

  /// Puts `slot` in the place of the one with its selector number, or in an empty one; returns
  /// the slot it replaced.
  @discardableResult
  mutating func replace(_ slot: consuming Slot) -> Slot? {
    if (count + 1) * 2 > slots.count { grow() }
    let mask = slots.count - 1
    var index = Int(slot.id) & mask
    while true {
      let id = slots[index].id
      if id == slot.id {
        var replaced = slot
        swap(&slots[index], &replaced)
        return replaced
      }
      if id < 0 {
        slots[index] = slot
        count += 1
        return nil
      }
      index = (index + 1) & mask
    }
  }

  /// Adds a slot whose selector the table does not hold yet.
  mutating func insert(_ slot: consuming Slot) {
    if (count + 1) * 2 > slots.count { grow() }
    place(slot)
  }

  /// Puts `slot` in the first empty slot from its selector's on.
  private mutating func place(_ slot: consuming Slot) {
    let mask = slots.count - 1
    var index = Int(slot.id) & mask
    while slots[index].id >= 0 { index = (index + 1) & mask }
    slots[index] = slot
    count += 1
  }

  /// Empties every slot; keeps the table's size.
  mutating func removeAll() {
    guard count > 0 else { return }
    for index in slots.indices { slots[index] = .empty }
    count = 0
  }

  /// The selectors in the table, in the order of their slots (the same order for the same
  /// definitions).
  var selectors: [Selector] {
    var selectors: [Selector] = []
    selectors.reserveCapacity(count)
    for slot in slots where slot.id >= 0 { selectors.append(Selector(interned: slot.id)) }
    return selectors
  }

  private mutating func grow() {
    var old = ContiguousArray(
      repeating: Slot.empty, count: max(Slot.initialCapacity, slots.count * 2))
    swap(&old, &slots)
    count = 0
    // The slots move to their new places in the old order, each taken out of the old table
    // (left empty) rather than copied and the old table's released.
    old.withUnsafeMutableBufferPointer { old in
      for index in old.indices where old[index].id >= 0 {
        let slot = (old.baseAddress! + index).move()
        (old.baseAddress! + index).initialize(to: .empty)
        place(slot)
      }
    }
  }
}

/// A slot of a `SelectorMap`: a selector's number and what the table keeps for it.
protocol SelectorMapSlot {
  /// The selector's number; -1 in an empty slot.
  var id: Int32 { get }
  /// A slot that holds nothing (its number is -1).
  static var empty: Self { get }
  /// How many slots a table gets when its first slot is filled (a power of two). The table's
  /// size decides the order of `selectors`, which must stay the same for the same definitions.
  static var initialCapacity: Int { get }
}
