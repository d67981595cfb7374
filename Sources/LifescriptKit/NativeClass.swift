import AppLifecycle
import LuaBridge

extension Lifescript {
  /// A class written in Swift that a scenario sees next to UIKit's classes.
  ///
  /// Its methods are Swift closures, keyed by Objective-C selector; UIKit sends them messages
  /// like any class's (a native app delegate's `application:didFinishLaunchingWithOptions:`),
  /// and scripts use the class as they use UIKit's: `Analytics.new()`,
  /// `analytics:track("launch")` for `track:`, `class("Tracked", Analytics)` to subclass it,
  /// `Analytics.track(self, …)` to call its method from an override.
  ///
  /// ```swift
  /// let analytics = Lifescript.NativeClass(
  ///   "Analytics", properties: ["count"],
  ///   methods: [
  ///     "track:": { receiver, arguments in
  ///       let count = try receiver.value(forKey: "count").int ?? 0
  ///       try receiver.setValue(.int(count + 1), forKey: "count")
  ///       return .nil
  ///     }
  ///   ])
  /// ```
  ///
  /// An error a method throws fails the scenario with `file:line` of the Lua call that led
  /// to it: `launch.lua:9: -[Analytics track:] threw offline`. A Lua error or an Objective-C
  /// exception that a method's ``Object/send(_:_:)`` received and rethrows stays itself.
  public struct NativeClass {
    /// A method: the receiver and the message's arguments (at least one per colon of the
    /// selector, missing ones `nil`); it returns the message's result (`.nil` for `void`).
    public typealias Method = (_ receiver: Object, _ arguments: [Value]) throws -> Value

    /// The class's name, a global of the scenario: letters, digits and `_`.
    public var name: String
    /// The superclass's name: `NSObject`, a UIKit class (`UIResponder`, `UIViewController`),
    /// or a native class listed before this one in the run's `classes`.
    public var superclass: String
    /// Protocols the class adopts (`UIApplicationDelegate`), for `conformsToProtocol:`.
    public var protocols: [String]
    /// Declared properties: a getter and a setter (`count`, `setCount:`) that read and write
    /// the instance's field of that name, unless ``methods`` implements them.
    public var properties: [String]
    /// The methods, by Objective-C selector (`"application:didFinishLaunchingWithOptions:"`,
    /// `"track:"`); `init` runs when an instance is made with `Class.new(...)`.
    public var methods: [String: Method]

    /// A class named `name`, subclass of `superclass`, with its protocols, properties and
    /// methods.
    public init(
      _ name: String, superclass: String = "NSObject", protocols: [String] = [],
      properties: [String] = [], methods: [String: Method] = [:]
    ) {
      self.name = name
      self.superclass = superclass
      self.protocols = protocols
      self.properties = properties
      self.methods = methods
    }

    /// Defines `classes` in `runtime`, after UIKit's, in order; `lua` is the scenario's state,
    /// whose globals so far (Lua's libraries, `class`) a class may not replace.
    static func define(
      _ classes: [NativeClass], in runtime: Runtime, lua: LuaState, context: NativeContext
    ) throws(Error) {
      context.runtime = runtime
      var defined: Set<String> = []
      for native in classes {
        if case .nil? = try? lua.global(native.name) {
          try native.define(in: runtime, context: context, nativeNames: defined)
          defined.insert(native.name)
        } else {
          throw globalTaken(native.name)
        }
      }
    }

    /// Each class is the global of its name once the scenario is made: lifescript's own globals
    /// (`device`, `main`, `URL`) come after the classes and would hide one.
    static func checkGlobals(of classes: [NativeClass], in lua: LuaState) throws(Error) {
      for native in classes {
        guard case .object(let cls as RuntimeClass, _)? = try? lua.global(native.name),
          cls.name == native.name
        else { throw globalTaken(native.name) }
      }
    }

    private static func globalTaken(_ name: String) -> Error {
      Error(
        .invalidClass,
        "native class \(name): scenarios already have a global named \(name) (Lua's or lifescript's); give the class another name"
      )
    }

    private func define(in runtime: Runtime, context: NativeContext, nativeNames: Set<String>)
      throws(Error)
    {
      guard Self.isIdentifier(name) else {
        throw Error(
          .invalidClass,
          "native class \"\(name)\": a class name is letters, digits and _, not starting with a digit"
        )
      }
      guard runtime.classNamed(name) == nil else {
        throw Error(
          .invalidClass,
          nativeNames.contains(name)
            ? "native class \(name) is defined twice in the classes given to the run"
            : "native class \(name): UIKit already has a class named \(name); give yours another name"
        )
      }
      guard let parent = runtime.classNamed(superclass) else {
        throw Error(
          .invalidClass,
          "native class \(name): no class named \(superclass) to be its superclass (NSObject, a UIKit class, or a native class listed before it)"
        )
      }
      for selector in methods.keys where selector.isEmpty || selector.contains(" ") {
        throw Error(
          .invalidClass, "native class \(name): \"\(selector)\" is not an Objective-C selector")
      }
      let cls: RuntimeClass
      do {
        cls = try runtime.defineClass(name, superclass: parent, protocols: protocols)
      } catch {
        throw Error(.invalidClass, "native class \(name): \(error)")
      }
      for property in properties { cls.declareProperty(property) }
      for (selector, body) in methods {
        cls.addMethod(Selector(selector), .native(Self.implementation(body, context: context)))
      }
    }

    /// The runtime's implementation of a native method: values converted both ways, and any
    /// other error than Lua's or an Objective-C exception named by the method that threw it
    /// (`-[Analytics track:]`: the native class, even when the receiver is of a subclass).
    private static func implementation(_ body: @escaping Method, context: NativeContext)
      -> (Message) throws -> RuntimeValue
    {
      { message in
        var arguments = message.arguments.map { Value($0, context: context) }
        if arguments.count < message.selector.argumentCount {
          arguments += Array(
            repeating: .nil, count: message.selector.argumentCount - arguments.count)
        }
        do {
          return try body(Object(message.receiver, context: context), arguments)
            .runtimeValue(in: context)
        } catch let error as LuaError {
          throw error
        } catch let error as any ProcessEnding {
          throw error
        } catch {
          throw LuaScriptError(
            "-[\(message.implementor.name) \(message.selector.name)] threw \(error)")
        }
      }
    }

    private static func isIdentifier(_ text: String) -> Bool {
      guard let first = text.unicodeScalars.first, !("0"..."9").contains(first) else {
        return false
      }
      return text.unicodeScalars.allSatisfy {
        $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_")
      }
    }
  }
}
