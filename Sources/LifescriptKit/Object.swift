import AppLifecycle
import Scenarios

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

extension Lifescript {
  /// An object of a running scenario, as a native method sees it: the receiver, a UIKit object
  /// in the arguments, an instance of a script class.
  ///
  /// Messages sent with ``send(_:_:)`` run the object's methods, native or Lua, as a script's
  /// `object:method()` would; UIKit's trace records only what UIKit sends. An object is live
  /// while its scenario runs: after ``Lifescript/run(file:options:)`` returns, its methods throw
  /// ``Lifescript/Error/Kind/invalidMessage``, as they do once the app's process the object
  /// belonged to has ended (a kill, an uncaught exception).
  ///
  /// An object is `Sendable` so that a ``Value`` is, but it belongs to its run's thread: from
  /// any other thread its messages throw ``Lifescript/Error/Kind/invalidMessage`` and
  /// ``responds(to:)`` is false, and so in a run other than its own. Its class name,
  /// ``description`` and ``isKind(of:)`` hold everywhere: they were read when the object
  /// reached Swift.
  public final class Object: Hashable, CustomStringConvertible, @unchecked Sendable {
    // Unchecked: `base` is touched only after `context.liveRuntime()` has checked the thread;
    // everything else is immutable.
    let base: RuntimeObject
    let context: NativeContext
    /// The class and its superclasses, from the object's own.
    private let classNames: [String]

    init(_ base: RuntimeObject, context: NativeContext) {
      self.base = base
      self.context = context
      classNames = base.isa.ancestry.map(\.name)
      description = "<\(base.isa.name): \(base.address)>"
    }

    /// The name of the object's class (`AppDelegate`, `UIWindowScene`).
    public var className: String { classNames[0] }

    /// `<AppDelegate: 0x600000c00040>`, as Objective-C describes an object.
    public let description: String

    /// Whether both are the same object.
    public static func == (lhs: Object, rhs: Object) -> Bool { lhs.base === rhs.base }

    /// Hashes the object's identity.
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(base)) }

    /// `isKindOfClass:`: whether the object's class is `className` or inherits from it.
    public func isKind(of className: String) -> Bool { classNames.contains(className) }

    /// `respondsToSelector:` (`"sceneDidBecomeActive:"`); false once the scenario has ended
    /// and on another thread than the scenario's.
    public func responds(to selector: String) -> Bool {
      guard let runtime = try? liveRuntime() else { return false }
      return runtime.responds(base, to: Selector(selector))
    }

    /// Sends a message (`"setTitle:"`, `"makeKeyAndVisible"`) and returns its result.
    ///
    /// - Throws: what the method throws: a Lua method's error, the Objective-C exception of a
    ///   selector the object does not implement (it ends the app's process if it leaves the
    ///   native method), ``Lifescript/Error/Kind/invalidMessage`` for a class name no class
    ///   has or a scenario that has ended.
    @discardableResult
    public func send(_ selector: String, _ arguments: Value...) throws -> Value {
      try send(selector, arguments: arguments)
    }

    /// Sends a message with its arguments in an array; see ``send(_:_:)``.
    @discardableResult
    public func send(_ selector: String, arguments: [Value]) throws -> Value {
      let runtime = try liveRuntime()
      var converted: [RuntimeValue] = []
      for argument in arguments { converted.append(try argument.runtimeValue(in: context)) }
      return Value(
        try runtime.send(Selector(selector), to: base, converted), context: context)
    }

    /// A property (its getter is sent) or a field a script set; nil when it has neither.
    public func value(forKey key: String) throws -> Value {
      if declaresProperty(key) { return try send(key) }
      _ = try liveRuntime()
      return Value(base.instanceVariables[key] ?? .nil, context: context)
    }

    /// Sets a property (its setter is sent) or else a field, as a script's
    /// `object.key = value` does.
    ///
    /// - Throws: ``Lifescript/Error/Kind/invalidMessage`` for a read-only property; what the
    ///   setter throws; the memory limit's error when the field passes the scenario's cap (the
    ///   run then ends with it).
    public func setValue(_ value: Value, forKey key: String) throws {
      let runtime = try liveRuntime()
      guard declaresProperty(key) else {
        // Counted against the memory cap as a script's field is.
        try runtime.setInstanceVariable(key, of: base, to: value.runtimeValue(in: context))
        return
      }
      let setter = RuntimeClass.setterName(of: key)
      guard responds(to: setter) else {
        throw Error(.invalidMessage, "property '\(key)' of \(className) is read-only")
      }
      try send(setter, value)
    }

    /// Calls a block UIKit handed the app (a completion handler) with `arguments`.
    ///
    /// - Throws: ``Lifescript/Error/Kind/invalidMessage`` when the object is not a block; what
    ///   the block throws.
    public func call(_ arguments: Value...) throws {
      _ = try liveRuntime()
      guard let block = base as? NativeBlock else {
        throw Error(.invalidMessage, "\(description) is not a block, so it cannot be called")
      }
      var converted: [RuntimeValue] = []
      for argument in arguments { converted.append(try argument.runtimeValue(in: context)) }
      try block.call(converted)
    }

    /// The runtime, while the object's scenario runs on this thread and the app's process the
    /// object belonged to, if any, has not ended: an ended process's objects are gone, as they
    /// are for scripts (Documentation/Reference/scenario-language.md#the-apps-objects-die-with-its-process).
    private func liveRuntime() throws(Lifescript.Error) -> Runtime {
      let runtime = try context.liveRuntime()
      if let end = context.scenario?.device.endOfProcess(of: base) {
        throw Lifescript.Error(
          .invalidMessage,
          "\(description) belonged to the app's process, which ended at t = \(end); its objects are gone"
        )
      }
      return runtime
    }

    /// Whether the object belongs to the run of `other`.
    func belongs(to other: NativeContext) -> Bool { context === other }

    private func declaresProperty(_ name: String) -> Bool {
      base.isa.ancestry.contains { $0.properties.contains(name) }
    }
  }
}

/// What native methods and their values need of the running scenario, held weakly: the
/// scenario owns the methods that hold this.
final class NativeContext {
  weak var runtime: Runtime?
  /// Opens Lua tables into arrays and dictionaries; set once the scenario exists.
  weak var scenario: Scenario?
  /// The thread that runs the scenario, the only one its objects may be used on.
  private let thread = pthread_self()

  /// Whether this is the run's thread.
  var isRunThread: Bool { pthread_equal(pthread_self(), thread) != 0 }

  /// The runtime, while the scenario runs, on its thread.
  func liveRuntime() throws(Lifescript.Error) -> Runtime {
    guard isRunThread else {
      throw Lifescript.Error(
        .invalidMessage,
        "the object belongs to a scenario running on another thread; use it on that thread")
    }
    guard let runtime else {
      throw Lifescript.Error(
        .invalidMessage, "the object's scenario has ended; use objects only while it runs")
    }
    return runtime
  }
}
