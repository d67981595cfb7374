/// An instance in the message runtime (`NSObject`).
///
/// UIKit's classes are Swift subclasses of this; an instance of a script class is an instance of
/// its nearest native ancestor's Swift class whose `isa` is the script class, as Objective-C
/// subclassing works.
open class RuntimeObject {
  /// The object's class.
  public let isa: RuntimeClass
  /// Creation order within the runtime; makes descriptions and addresses deterministic.
  public let identifier: Int
  /// Storage of declared properties and script fields.
  public var instanceVariables: [String: RuntimeValue] = [:]
  /// The app's process that made it (UIKit or the app's code, in a callback); nil for the
  /// scenario's own objects, made between events. Its objects end with the process.
  public internal(set) var process: Int?
  /// The device whose runtime made the object: UIKit's own behaviour reaches the device's
  /// objects, clock and trace through it, as its methods do through `Message.device`.
  var device: Device { isa.runtime.owningDevice }
  /// A number the embedding layer keeps with the object: lifescript's Lua bridge keeps the slot
  /// of the object's Lua value there, so that finding that value at every message is an index,
  /// not a hash of the object's address.
  public final var hostSlot: Int32 {
    get { storedHostSlot }
    set { storedHostSlot = newValue }
  }
  // Unchecked for exclusivity: a plain number, read and written whole, never passed inout. (The
  // attribute holds in this module only: a stored public property would be checked by the
  // module that reads it.)
  @exclusivity(unchecked) private final var storedHostSlot: Int32 = 0

  /// Bytes of instance variables charged to `chargedMemory` (Runtime.setInstanceVariable),
  /// given back when the object is freed.
  var chargedBytes = 0
  var chargedMemory: (any EngineMemory)?

  public required init(isa: RuntimeClass, identifier: Int) {
    self.isa = isa
    self.identifier = identifier
  }

  deinit {
    chargedMemory?.credit(chargedBytes)
  }

  /// A stable, realistic-looking address for messages that print one (`0x600000c00040`).
  public var address: String { "0x" + String(0x6000_00c0_0000 + identifier * 0x40, radix: 16) }

  /// `<ClassName: 0x600000c00040>`, as Objective-C's `description` prints an object.
  public var objectDescription: String { "<\(isa.name): \(address)>" }

  public func isKind(of candidate: RuntimeClass) -> Bool { isa.isSubclass(of: candidate) }
}
