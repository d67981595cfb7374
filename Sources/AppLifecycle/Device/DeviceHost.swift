/// What the embedding layer gives the model: the app's blocks and tables are its values (Lua
/// functions and tables), opaque to AppLifecycle, and it hears lifescript's warnings and holds
/// the app's objects. `Scenario` is the host of a scenario's device; a device without one
/// (`NativeHost`) calls only the blocks UIKit made and gives warnings to no one.
public protocol DeviceHost: AnyObject {
  /// Calls a block the app gave UIKit (a completion or error handler) with arguments.
  func call(_ block: RuntimeValue, _ arguments: [RuntimeValue]) throws
  /// Whether a value is a block the app passed, for handlers UIKit calls later.
  func isBlock(_ value: RuntimeValue) -> Bool
  /// The items of a list the app passed (a Lua sequence), or nil when it is not one.
  func list(_ value: RuntimeValue) -> [RuntimeValue]?
  /// The named fields of a table the app passed (a Lua table with string keys), or nil.
  func fields(_ value: RuntimeValue) -> [String: RuntimeValue]?
  /// An identity of a table the app passed, the same for every reference to one table while it
  /// lives; nil for any other value. A walk over nested tables tells by it a table that contains
  /// itself.
  func identity(_ value: RuntimeValue) -> Int?
  /// What a value of the embedding layer is, for a message: `function`, `table`, `thread`.
  func typeName(_ value: RuntimeValue) -> String
  /// Receives lifescript's warnings about the app: dead or deprecated delegate methods,
  /// misspellings, non-BOOL returns.
  func warn(_ warning: Warning)
  /// Lets objects the app no longer references go, as ARC would have released them by now (a
  /// script's objects live in Lua). Called before UIKit looks at the app's windows, so what it
  /// sees does not depend on when Lua last collected
  /// (Documentation/UIKit/windows-and-view-controllers.md#window-lifetime).
  func releaseUnreferencedObjects()
}

/// The host of a device no embedding layer drives: blocks are those UIKit made (`NativeBlock`),
/// lists and tables are `.array` and `.dictionary` values only, and warnings go nowhere.
open class NativeHost: DeviceHost {
  public init() {}

  open func call(_ block: RuntimeValue, _ arguments: [RuntimeValue]) throws {
    if case .object(let native as NativeBlock) = block { try native.call(arguments) }
  }

  open func isBlock(_ value: RuntimeValue) -> Bool {
    if case .object(_ as NativeBlock) = value { return true }
    return false
  }

  open func list(_ value: RuntimeValue) -> [RuntimeValue]? { nil }
  open func fields(_ value: RuntimeValue) -> [String: RuntimeValue]? { nil }
  open func identity(_ value: RuntimeValue) -> Int? { nil }
  open func typeName(_ value: RuntimeValue) -> String { "value" }
  open func warn(_ warning: Warning) {}
  open func releaseUnreferencedObjects() {}
}
