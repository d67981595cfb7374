/// One message being delivered: what a method implementation receives.
public struct Message {
  public let receiver: RuntimeObject
  public let selector: Selector
  public let arguments: [RuntimeValue]
  /// The class whose implementation is running; a super call starts above it.
  public let implementor: RuntimeClass

  /// Argument `index` (0-based), or nil past the last one.
  public func argument(_ index: Int) -> RuntimeValue {
    index < arguments.count ? arguments[index] : .nil
  }

  /// The receiver as the Swift type a native implementation works on. Any other receiver (an
  /// implementation run on an object of another class) raises what a selector the receiver
  /// does not implement raises, `NSInvalidArgumentException`, rather than crashing the process.
  public func receiver<Object: RuntimeObject>(as type: Object.Type) throws -> Object {
    guard let object = receiver as? Object else {
      throw receiver.isa.runtime.unrecognized(selector, receiver)
    }
    return object
  }

  /// Sends the same selector to the superclass's implementation (`[super ...]`).
  public func sendSuper(_ arguments: [RuntimeValue]? = nil) throws -> RuntimeValue {
    try receiver.isa.runtime.sendSuper(
      selector, to: receiver, above: implementor, arguments ?? self.arguments)
  }
}

/// A method implemented outside Swift (for example by a Lua function of a script class).
public protocol ScriptMethod: AnyObject {
  func invoke(_ message: Message) throws -> RuntimeValue
  /// The method sent to its class, as UIKit sends a restoration class
  /// `+viewControllerWithRestorationIdentifierPath:coder:`. A script keeps one table of methods
  /// per class, so a class method is defined like any other; the receiver is the class.
  func invoke(onClass cls: RuntimeClass, _ selector: Selector, _ arguments: [RuntimeValue])
    throws -> RuntimeValue
}

/// How a method is implemented.
public enum MethodImplementation {
  /// Swift: UIKit's own classes and their default behaviour.
  case native((Message) throws -> RuntimeValue)
  /// The embedding layer's code: methods of script classes.
  case script(any ScriptMethod)

  func invoke(_ message: Message) throws -> RuntimeValue {
    switch self {
    case .native(let body): try body(message)
    case .script(let method): try method.invoke(message)
    }
  }
}

extension Message {
  /// The device the message is sent on: its receiver's runtime's. UIKit's own methods read the
  /// device's state here rather than holding a device, so that one definition of them serves
  /// every device (Documentation/Architecture.md#scenario-set-up).
  var device: Device { receiver.isa.runtime.owningDevice }
}
