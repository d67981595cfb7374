/// A class's own methods by selector: an open-addressed table keyed by the selector's interned
/// number (a `SelectorMap`), as `MethodCache` is. UIKit's classes get some thousand methods at
/// every scenario's set-up, and a `Dictionary` hashed each selector with `Hasher` and rehashed as
/// it grew: half of what defining a method cost.
///
/// The table starts at eight slots (its size decides the order of `selectors`). Methods are
/// never removed, only replaced.
struct MethodTable {
  private struct Slot: SelectorMapSlot {
    var id: Int32
    var implementation: MethodImplementation?

    static var empty: Slot { Slot(id: -1, implementation: nil) }
    static var initialCapacity: Int { 8 }
  }

  private var slots = SelectorMap<Slot>()

  var count: Int { slots.count }

  /// The implementation of `selector` in this table.
  subscript(selector: Selector) -> MethodImplementation? {
    slots.withSlot(for: selector) { $0.implementation } ?? nil
  }

  /// Adds or replaces the implementation of `selector`; returns the one it replaces.
  @discardableResult
  mutating func updateValue(_ implementation: MethodImplementation, for selector: Selector)
    -> MethodImplementation?
  {
    slots.replace(Slot(id: selector.id, implementation: implementation))?.implementation
  }

  /// The selectors in the table, in no particular order (the same order for the same
  /// definitions).
  var selectors: [Selector] { slots.selectors }
}
