/// The Objective-C-style message runtime UIKit is modelled on.
///
/// UIKit reaches the app only through messages. Whether one is sent depends on
/// `respondsToSelector:` (optional delegate methods), on the receiver's class chain (a
/// `UIApplication` subclass, a script subclass of `UIViewController`) and on names resolved at run
/// time (`NSClassFromString`). Lifecycle code therefore never calls "the delegate" directly: it
/// sends a selector, and the runtime finds the implementation, native or script.
public final class Runtime {
  /// The root class, `NSObject`.
  public private(set) var rootClass: RuntimeClass!
  /// The app's module: `Demo.AppDelegate` and `AppDelegate` name the same class when this is
  /// "Demo" (script classes live in the app's module).
  public var moduleName: String?
  /// Sized for UIKit's classes and a script's: each runtime registers some 200 at set-up, and a
  /// table grown from empty rehashes everything at each doubling on the way there.
  private var classes = [String: RuntimeClass](minimumCapacity: 256)
  /// The same classes in the order they were defined (a class's index is its place).
  public private(set) var classesInDefinitionOrder: [RuntimeClass] = []
  private var nextIdentifier = 1
  /// The device whose runtime this is, for UIKit's own methods, which are defined once per
  /// process and shared by every device's runtime (`Message.device`). Nil for a runtime without
  /// a device, and once the device is gone (it clears it).
  public var device: Device? { attachedDevice }
  /// Unchecked for exclusivity: UIKit's behaviour reads it at every step (`RuntimeObject.device`),
  /// every access is in this file, and none spans a call.
  @exclusivity(unchecked) private unowned(unsafe) var attachedDevice: Device?

  /// The device this runtime is the runtime of, from its `init` until its `deinit`.
  func attach(to device: Device?) { attachedDevice = device }

  /// The device, for UIKit's own methods and allocators, which run only on a device's runtime.
  var owningDevice: Device {
    guard let device else {
      preconditionFailure("UIKit's own code ran on a runtime without a device")
    }
    return device
  }
  /// The app's process new objects belong to (see `RuntimeObject.process`).
  var processOfNewObjects: () -> Int? = { nil }
  /// Where the memory the runtime holds for the scenario is charged: script classes, their
  /// methods, values kept as instance variables. Nil charges nothing (UIKit's own classes are
  /// defined before it is set).
  public var memory: (any EngineMemory)?
  /// The classes whose method caches hold lookups: a change to any method table flushes them
  /// (a method added to a class changes what its subclasses find too), as Objective-C's
  /// runtime flushes caches when methods are added.
  ///
  /// Unchecked for exclusivity: every access is in this file and none spans a call that could
  /// reach another (the flush iterates a copy), so the run-time check could never fire.
  @exclusivity(unchecked) private var classesWithCaches: [RuntimeClass] = []

  public init() {
    rootClass = register(
      "NSObject", superclass: nil, protocols: ["NSObject"],
      allocator: { RuntimeObject(isa: $0, identifier: $1) })
    defineRootMethods()
  }

  /// A runtime whose classes start as `templates` say (in definition order, NSObject first),
  /// each sharing its template's methods until the scenario changes them.
  init(classes templates: [RuntimeClass.Template]) {
    var made: [RuntimeClass] = []
    made.reserveCapacity(templates.count)
    for template in templates {
      let cls = RuntimeClass(
        template, superclass: template.superclass.map { made[$0] }, runtime: self)
      made.append(cls)
      classes[template.name] = cls
    }
    rootClass = made[0]
    classesInDefinitionOrder = made
  }

  /// The runtime's classes as templates, in definition order (a class's index is its place).
  func templates() -> [RuntimeClass.Template] { classesInDefinitionOrder.map(\.template) }

  // A class's method cache names the class a method was found in, often the class itself: a
  // cycle that would keep every class (and what its methods hold) alive after the runtime.
  deinit {
    for cls in classesWithCaches { cls.flushCache() }
  }

  /// NSObject's methods that scripts and UIKit use.
  private func defineRootMethods() {
    rootClass.addMethod("init") { .object($0.receiver) }
    rootClass.addMethod("class") { .class($0.receiver.isa) }
    rootClass.addMethod("respondsToSelector:") { message in
      let runtime = message.receiver.isa.runtime
      return switch message.argument(0) {
      case .selector(let selector): .bool(runtime.responds(message.receiver, to: selector))
      // A name no selector has yet: nothing responds, and the table keeps no new name.
      case .string(let name):
        .bool(Selector.existing(name).map { runtime.responds(message.receiver, to: $0) } ?? false)
      default: .bool(false)
      }
    }
    rootClass.addMethod("isKindOfClass:") { message in
      guard case .class(let cls) = message.argument(0) else { return .bool(false) }
      return .bool(message.receiver.isKind(of: cls))
    }
    rootClass.addMethod("isMemberOfClass:") { message in
      guard case .class(let cls) = message.argument(0) else { return .bool(false) }
      return .bool(message.receiver.isa === cls)
    }
    rootClass.addMethod("conformsToProtocol:") { message in
      guard case .string(let name) = message.argument(0) else { return .bool(false) }
      return .bool(message.receiver.isa.conforms(to: name))
    }
  }

  func methodsChanged() {
    for cls in classesWithCaches { cls.flushCache() }
    classesWithCaches.removeAll(keepingCapacity: true)
  }

  /// `cls` cached its first lookup since its cache was last flushed.
  func cacheFilled(_ cls: RuntimeClass) { classesWithCaches.append(cls) }

  // MARK: Classes

  /// Registers a class. Names are unique, as in Objective-C.
  @discardableResult
  public func defineClass(
    _ name: String, superclass: RuntimeClass?, protocols: [String] = [],
    allocator: ((RuntimeClass, Int) -> RuntimeObject)? = nil
  ) throws -> RuntimeClass {
    guard classes[name] == nil else {
      throw ObjCException(.internalInconsistency, "A class named \(name) is already defined.")
    }
    try memory?.charge(
      EngineMemoryEstimate.text(name) + protocols.reduce(0) { $0 + EngineMemoryEstimate.text($1) })
    return register(
      name, superclass: superclass ?? rootClass, protocols: protocols, allocator: allocator)
  }

  private func register(
    _ name: String, superclass: RuntimeClass?, protocols: [String],
    allocator: ((RuntimeClass, Int) -> RuntimeObject)?
  ) -> RuntimeClass {
    let defined = RuntimeClass(
      name: name, superclass: superclass, protocols: protocols, allocator: allocator,
      runtime: self, index: classes.count)
    classes[name] = defined
    classesInDefinitionOrder.append(defined)
    sortedClasses = nil
    return defined
  }

  /// `NSClassFromString`: also accepts the app-module-qualified name (`Demo.AppDelegate`).
  public func classNamed(_ name: String) -> RuntimeClass? {
    if let found = classes[name] { return found }
    if let moduleName, name.hasPrefix(moduleName + ".") {
      return classes[String(name.dropFirst(moduleName.count + 1))]
    }
    return nil
  }

  /// Every class, sorted by name (by the bytes of the names, as a C string compares).
  public var allClasses: [RuntimeClass] {
    if let sortedClasses { return sortedClasses }
    let sorted = classes.values.sorted {
      $0.sortKey != $1.sortKey ? $0.sortKey < $1.sortKey : $0.name < $1.name
    }
    sortedClasses = sorted
    return sorted
  }
  /// `allClasses` until the next class is defined: every scenario's set-up asks for it more than
  /// once, and sorting some 200 names each time was 3% of it.
  private var sortedClasses: [RuntimeClass]?

  // MARK: Objects

  /// `[[cls alloc] init]` without the `init` message: a new instance of `cls`.
  public func allocate(_ cls: RuntimeClass) -> RuntimeObject {
    defer { nextIdentifier += 1 }
    let object = cls.effectiveAllocator(cls, nextIdentifier)
    object.process = processOfNewObjects()
    return object
  }

  /// Sets an instance variable, charging the value's bytes to `memory` and giving back those of
  /// the value it replaces; throws the memory limit's error (and keeps the old value) when the
  /// scenario's memory passes its cap.
  public func setInstanceVariable(_ name: String, of object: RuntimeObject, to value: RuntimeValue)
    throws
  {
    guard let memory else {
      object.instanceVariables[name] = value
      return
    }
    let old = object.instanceVariables[name].map { EngineMemoryEstimate.field(name, $0) } ?? 0
    // A field set to nil keeps its entry (it hides a method of that name), so its name counts.
    let new = EngineMemoryEstimate.field(name, value)
    try memory.charge(new)
    // A value set without charging (by UIKit's own code) gives back no more than was charged.
    let back = min(old, object.chargedBytes)
    object.instanceVariables[name] = value
    object.chargedBytes += new - back
    object.chargedMemory = memory
    memory.credit(back)
  }

  // MARK: Messages

  /// `respondsToSelector:`.
  public func responds(_ object: RuntimeObject?, to selector: Selector) -> Bool {
    guard let object else { return false }
    return object.isa.instancesRespond(to: selector)
  }

  /// Sends a message. Messaging nil returns nil; a selector nobody implements raises
  /// `NSInvalidArgumentException`, with Objective-C's wording.
  @discardableResult
  public func send(
    _ selector: Selector, to receiver: RuntimeObject?, _ arguments: [RuntimeValue] = []
  ) throws -> RuntimeValue {
    guard let receiver else { return .nil }
    guard let (implementation, owner) = receiver.isa.lookUp(selector) else {
      throw unrecognized(selector, receiver)
    }
    return try implementation.invoke(
      Message(receiver: receiver, selector: selector, arguments: arguments, implementor: owner))
  }

  /// Sends only if the receiver responds (UIKit's pattern for optional delegate methods);
  /// returns nil when it does not.
  @discardableResult
  public func sendIfImplemented(
    _ selector: Selector, to receiver: RuntimeObject?, _ arguments: [RuntimeValue] = []
  ) throws -> RuntimeValue? {
    guard responds(receiver, to: selector) else { return nil }
    return try send(selector, to: receiver, arguments)
  }

  /// `[super selector]` from an implementation in `implementor`.
  public func sendSuper(
    _ selector: Selector, to receiver: RuntimeObject, above implementor: RuntimeClass,
    _ arguments: [RuntimeValue]
  ) throws -> RuntimeValue {
    guard let superclass = implementor.superclass else { throw unrecognized(selector, receiver) }
    return try send(selector, to: receiver, using: superclass, arguments)
  }

  /// Runs the implementation of `selector` that instances of `cls` would run, on `receiver`: an
  /// explicit class-qualified call such as `UIApplication.sendEvent(self, event)` in a script.
  /// Only an instance of `cls` (or of a subclass) may receive it: an implementation works on
  /// its own class's state, and to any other object the message is one it does not implement
  /// (`UIWindow.makeKeyAndVisible(NSObject.new())` is `-[NSObject makeKeyAndVisible]`).
  public func send(
    _ selector: Selector, to receiver: RuntimeObject, using cls: RuntimeClass,
    _ arguments: [RuntimeValue]
  ) throws -> RuntimeValue {
    guard receiver.isKind(of: cls), let (implementation, owner) = cls.lookUp(selector) else {
      throw unrecognized(selector, receiver)
    }
    return try implementation.invoke(
      Message(receiver: receiver, selector: selector, arguments: arguments, implementor: owner))
  }

  /// `NSInvalidArgumentException` for a selector the receiver does not implement.
  func unrecognized(_ selector: Selector, _ receiver: RuntimeObject) -> ObjCException {
    ObjCException(
      .invalidArgument,
      "-[\(receiver.isa.name) \(selector.name)]: unrecognized selector sent to instance \(receiver.address)"
    )
  }
}
