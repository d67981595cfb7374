/// A class in the message runtime: a name, a superclass, adopted protocols and methods.
///
/// Lookups go through a per-class cache keyed by the selector's number (`MethodCache`) that also
/// remembers misses: most optional delegate methods are not implemented, and UIKit asks about
/// them constantly.
public final class RuntimeClass {
  public let name: String
  public let superclass: RuntimeClass?
  /// A stable, realistic-looking address for messages that print one (`0x100008028`). Written
  /// when asked: few messages print one, and every scenario defines some 200 classes.
  public var address: String { "0x" + String(0x1_0000_8000 + index * 0x28, radix: 16) }
  /// The order the class was defined in, which its address encodes.
  let index: Int
  /// The first eight bytes of the name, big-endian: sorting classes by name compares these
  /// first (names that differ there sort as their bytes do, as the names themselves do).
  let sortKey: UInt64
  public private(set) var protocols: Set<String>
  /// Makes instances; nil for classes that inherit their ancestor's Swift type.
  let allocator: ((RuntimeClass, Int) -> RuntimeObject)?
  unowned let runtime: Runtime
  /// Unchecked for exclusivity: every access is in this file and none spans a call that could
  /// reach another (a lookup compares numbers; a replaced implementation is released after the
  /// update returns it), so the run-time check, paid for each of the thousand methods UIKit's
  /// classes get at every scenario's set-up, could never fire.
  @exclusivity(unchecked) private var methods = MethodTable()
  public private(set) var properties: [String] = []
  /// Lookups made since the last change to any method table (the runtime flushes it then).
  ///
  /// Unchecked for exclusivity: every access is in this file and none spans a call that could
  /// reach another (a lookup copies its entry out; filling and flushing run no one's code but
  /// the releases of entries the method tables still hold), so the run-time check, paid at
  /// every message, could never fire.
  @exclusivity(unchecked) private var cache = MethodCache()

  init(
    name: String, superclass: RuntimeClass?, protocols: [String],
    allocator: ((RuntimeClass, Int) -> RuntimeObject)?, runtime: Runtime, index: Int
  ) {
    self.index = index
    self.name = name
    var key: UInt64 = 0
    for (offset, byte) in name.utf8.prefix(8).enumerated() {
      key |= UInt64(byte) << (56 - 8 * UInt64(offset))
    }
    sortKey = key
    self.superclass = superclass
    self.protocols = Set(protocols)
    self.allocator = allocator
    self.runtime = runtime
  }

  /// A class made from `template`, in `runtime`, under `superclass` (the runtime's own copy of
  /// the template's superclass). It shares the template's method table and lists until the
  /// scenario changes them (they are copied on write), so making UIKit's classes for a device
  /// copies no method.
  init(_ template: Template, superclass: RuntimeClass?, runtime: Runtime) {
    index = template.index
    name = template.name
    sortKey = template.sortKey
    self.superclass = superclass
    protocols = template.protocols
    allocator = template.allocator
    methods = template.methods
    properties = template.properties
    self.runtime = runtime
  }

  /// What a class holds, apart from its runtime and its lookups: UIKit's classes are defined
  /// once per process (`UIKitClasses`) and every device's runtime starts from these.
  struct Template: @unchecked Sendable {
    let index: Int
    let name: String
    let sortKey: UInt64
    /// The index of the superclass in the list of templates.
    let superclass: Int?
    let protocols: Set<String>
    let allocator: ((RuntimeClass, Int) -> RuntimeObject)?
    let methods: MethodTable
    let properties: [String]
  }

  /// This class as a template (its superclass by its index, which is its place among them).
  var template: Template {
    Template(
      index: index, name: name, sortKey: sortKey, superclass: superclass?.index,
      protocols: protocols, allocator: allocator, methods: methods, properties: properties)
  }

  // MARK: Defining

  /// Adds or replaces the implementation of `selector` in this class.
  public func addMethod(_ selector: Selector, _ implementation: MethodImplementation) {
    let runtime = runtime
    // One hash of the selector: the update says whether the method is new.
    if methods.updateValue(implementation, for: selector) == nil, let memory = runtime.memory {
      // Past the cap, the scenario is stopped at its next instruction.
      try? memory.charge(EngineMemoryEstimate.text(selector.name))
    }
    runtime.methodsChanged()
  }

  public func addMethod(_ name: String, _ body: @escaping (Message) throws -> RuntimeValue) {
    addMethod(Selector(name), .native(body))
  }

  public func adopt(_ protocolName: String) { protocols.insert(protocolName) }

  /// Declares a property: `name` and `setName:` answer `respondsToSelector:` and read and write
  /// the instance variable of that name (unless the class implements them itself).
  public func declareProperty(_ name: String) {
    guard !properties.contains(name) else { return }
    properties.append(name)
    let getter = Selector(name)
    let setter = Selector(Self.setterName(of: name))
    if methods[getter] == nil {
      addMethod(getter, .native { $0.receiver.instanceVariables[name] ?? .nil })
    }
    if methods[setter] == nil {
      addMethod(
        setter,
        .native { message in
          try message.receiver.isa.runtime.setInstanceVariable(
            name, of: message.receiver, to: message.argument(0))
          return .nil
        })
    }
  }

  /// A property implemented natively: its getter (and setter, unless read-only) are methods,
  /// and it is declared, so scripts read and write it as a field.
  public func addProperty(
    _ name: String, get: @escaping (Message) throws -> RuntimeValue,
    set: ((Message) throws -> Void)? = nil
  ) {
    addMethod(Selector(name), .native(get))
    if let set {
      addMethod(
        Selector(Self.setterName(of: name)),
        .native {
          try set($0)
          return .nil
        })
    }
    if !properties.contains(name) { properties.append(name) }
  }

  /// `window` → `setWindow:`; a Boolean's `isHidden` → `setHidden:`, as Cocoa names them.
  public static func setterName(of property: String) -> String {
    if let ascii = asciiSetterName(of: property) { return ascii }
    var name = Substring(property)
    if name.hasPrefix("is"), let third = name.dropFirst(2).first, third.isUppercase {
      name = name.dropFirst(2)
    }
    return "set" + name.prefix(1).uppercased() + name.dropFirst() + ":"
  }

  /// `setterName(of:)` for an ASCII name, a byte at a time (every declared property of every
  /// scenario asks; Unicode case mapping cost a fifth of declaring one). Nil for any other name.
  private static func asciiSetterName(of property: String) -> String? {
    var property = property
    return property.withUTF8 { bytes -> String? in
      guard !bytes.isEmpty, bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
      func isUpper(_ byte: UInt8) -> Bool { byte >= 0x41 && byte <= 0x5A }
      var start = 0
      // A Boolean's "is": `isHidden` → `setHidden:`.
      if bytes.count > 2, bytes[0] == 0x69, bytes[1] == 0x73, isUpper(bytes[2]) { start = 2 }
      let rest = bytes[start...]
      return String(unsafeUninitializedCapacity: rest.count + 4) { buffer in
        buffer[0] = 0x73  // s
        buffer[1] = 0x65  // e
        buffer[2] = 0x74  // t
        var index = 3
        for (offset, byte) in rest.enumerated() {
          buffer[index] = offset == 0 && byte >= 0x61 && byte <= 0x7A ? byte - 0x20 : byte
          index += 1
        }
        buffer[index] = 0x3A  // :
        return index + 1
      }
    }
  }

  // MARK: Asking

  /// The selectors this class itself implements, in no particular order.
  public var selectors: [Selector] { methods.selectors }

  /// Whether this class itself (not an ancestor) implements `selector`.
  public func implementsOwn(_ selector: Selector) -> Bool { methods[selector] != nil }

  /// Forgets the method lookups made so far.
  func flushCache() { cache.removeAll() }

  /// The implementation instances of this class run for `selector`, and the class it is in.
  @inline(__always)
  public func lookUp(_ selector: Selector) -> (MethodImplementation, RuntimeClass)? {
    switch cache.entry(for: selector) {
    case .found(let implementation, let owner)?: return (implementation, owner)
    case .missing?: return nil
    case nil: return lookUpAndCache(selector)
    }
  }

  /// The lookup of a selector not cached yet: up the class chain, then into the cache.
  private func lookUpAndCache(_ selector: Selector) -> (MethodImplementation, RuntimeClass)? {
    if cache.isEmpty { runtime.cacheFilled(self) }
    for current in ancestry {
      if let implementation = current.methods[selector] {
        cache.insert(.found(implementation, current), for: selector)
        return (implementation, current)
      }
    }
    cache.insert(.missing, for: selector)
    return nil
  }

  /// `instancesRespondToSelector:`.
  public func instancesRespond(to selector: Selector) -> Bool {
    if let found = cache.found(selector) { return found }
    return lookUpAndCache(selector) != nil
  }

  /// The class, then its superclass, and so on up to its root class: the one walk up the class
  /// chain, for every question asked of a class and its ancestors.
  public var ancestry: UnfoldFirstSequence<RuntimeClass> {
    sequence(first: self, next: { $0.superclass })
  }

  /// `isSubclassOfClass:` (a class is a subclass of itself).
  public func isSubclass(of candidate: RuntimeClass) -> Bool {
    ancestry.contains { $0 === candidate }
  }

  /// `conformsToProtocol:`, adopted here or by an ancestor.
  public func conforms(to protocolName: String) -> Bool {
    ancestry.contains { $0.protocols.contains(protocolName) }
  }

  /// The allocator of this class or of its nearest native ancestor.
  var effectiveAllocator: (RuntimeClass, Int) -> RuntimeObject {
    ancestry.lazy.compactMap(\.allocator).first ?? { RuntimeObject(isa: $0, identifier: $1) }
  }
}
