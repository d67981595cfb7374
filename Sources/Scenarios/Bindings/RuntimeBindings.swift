import AppLifecycle
import LuaBridge

/// The message runtime as Lua sees it: classes defined with `class()`, instances whose fields,
/// properties and methods are reached with Lua's `.` and `:`, and messages sent from Lua
/// (Documentation/Reference/scenario-language.md#classes).
final class RuntimeBindings {
  unowned let lua: LuaState
  let device: Device
  var runtime: Runtime { device.runtime }
  let objectType = LuaObjectType<RuntimeObject>(name: "object")
  let classType = LuaObjectType<RuntimeClass>(name: "class")
  /// One Lua function per selector that sends it to its first argument.
  private var senders: [Selector: LuaReference] = [:]
  /// Objects whose `init` is running: fields they get now declare properties.
  private var initializing: Set<ObjectIdentifier> = []

  /// What class objects answer besides their methods (`new`, `super`, `UIApplication.shared`),
  /// by name.
  /// By name; several classes may have a member of the same name (`UIScreen.main`,
  /// `Bundle.main`).
  private var classMembers: [String: [ClassMember]] = [:]

  /// A member of the class objects of `owner` and its subclasses.
  private struct ClassMember {
    let owner: RuntimeClass
    let value: (RuntimeClass) throws -> LuaValue
  }

  init(lua: LuaState, device: Device, interface: ScriptInterface) throws {
    self.lua = lua
    self.device = device
    defineObjectType()
    defineClassType()
    interface.register(
      .function(
        "class", ["name: string", "superclass: NSObject|string|nil", "protocols: string[]?"],
        returns: "ScriptClass|any",
        "Defines a class in the runtime and returns it; a method is a function named by its selector, `:` as `_` (`function AppDelegate:application_didFinishLaunchingWithOptions(application, options)`)."
      )
    ) { [unowned self] call in try call.push(try defineClass(call)) }
    interface.register(
      .function(
        "NSClassFromString", ["name: string"], returns: "NSObject?",
        "The class of that name (also with the app's module: `Demo.AppDelegate`), or nil.")
    ) { [unowned self] call in
      let cls = runtime.classNamed(try call.string(1))
      try call.push(cls.map { LuaValue.object($0, classType) } ?? .nil)
    }
    interface.register(
      .function("NSStringFromClass", ["cls: NSObject"], returns: "string", "The name of a class.")
    ) { [unowned self] call in
      try call.push(try call.object(1, as: classType).name)
    }
    try defineClassMembers(interface)
  }

  /// Makes every class of the runtime defined so far a global of its name (`NSObject`,
  /// `UIResponder`, ...).
  func exposeClasses() throws {
    // In the order they were defined: the globals' order is not one a script sees.
    let classes = runtime.classesInDefinitionOrder
    try lua.setLazyGlobals(
      .objects(classes.map(\.name), classes.map { $0 as AnyObject }, as: classType))
  }

  // MARK: Instances

  private func defineObjectType() {
    objectType.description { $0.objectDescription }
    objectType.unknownKey { [unowned self] object, key in try value(of: object, key) }
    objectType.unknownKeyAssignment { [unowned self] object, key, value in
      try assign(value, to: key, of: object)
      return true
    }
  }

  /// `object.key`: a declared property (its getter is sent), a script field, or a method (a
  /// function that sends it, for `object:method(...)`).
  private func value(of object: RuntimeObject, _ key: String) throws -> LuaValue? {
    try checkAlive(object)
    if declaresProperty(object.isa, key) {
      return try luaValue(try runtime.send(Selector(key), to: object))
    }
    if let field = object.instanceVariables[key] { return try luaValue(field) }
    if let selector = selector(forLuaName: key, in: object.isa) {
      return .function(try sender(for: selector))
    }
    return nil
  }

  /// `object.key = value`: a declared property's setter is sent; anything else is a field.
  private func assign(_ value: LuaValue, to key: String, of object: RuntimeObject) throws {
    try checkAlive(object)
    if initializing.contains(ObjectIdentifier(object)) { object.isa.declareProperty(key) }
    if declaresProperty(object.isa, key) {
      // A declared property made its setter's selector; the table keeps a name for good, so a
      // field's name makes none.
      guard let setter = Selector.existing(RuntimeClass.setterName(of: key)),
        runtime.responds(object, to: setter)
      else {
        throw LuaScriptError("property '\(key)' of \(object.isa.name) is read-only")
      }
      _ = try runtime.send(setter, to: object, [runtimeValue(value)])
    } else {
      try runtime.setInstanceVariable(key, of: object, to: runtimeValue(value))
    }
  }

  /// An object of an app process that ended is gone with it: using it is the scenario's error.
  private func checkAlive(_ object: RuntimeObject) throws {
    guard let end = device.endOfProcess(of: object) else { return }
    throw DeadObjectError(
      location: lua.scriptLocation(),
      message:
        "\(object.objectDescription) belonged to the app's process, which ended at t = \(end); its objects are gone"
    )
  }

  /// Using an object of an app process that ended, at the script's line.
  struct DeadObjectError: LuaLocatedError {
    var location: ScriptLocation?
    var message: String
    var luaMessage: String { location.map { "\($0): \(message)" } ?? message }
  }

  private func declaresProperty(_ cls: RuntimeClass, _ name: String) -> Bool {
    cls.ancestry.contains { $0.properties.contains(name) }
  }

  /// A Lua table whose keys are all strings, as a dictionary of runtime values; anything else
  /// unchanged.
  private func namedValues(_ value: RuntimeValue) throws -> RuntimeValue {
    guard case .host(let host as LuaHostValue) = value, case .table(let table) = host.value else {
      return value
    }
    var fields: [String: RuntimeValue] = [:]
    for (key, field) in try lua.entries(of: table) {
      guard case .string(let name) = key else { return value }
      fields[name] = runtimeValue(field)
    }
    return fields.isEmpty ? value : .dictionary(fields)
  }

  /// Arguments `first`... of a Lua call, as runtime values.
  private func runtimeArguments(_ call: LuaCall, from first: Int) throws -> [RuntimeValue] {
    guard call.argumentCount >= first else { return [] }
    return try (first...call.argumentCount).map { runtimeValue(try call.value($0)) }
  }

  /// The Lua function that sends `selector` to its first argument with the rest as arguments.
  private func sender(for selector: Selector) throws -> LuaReference {
    if let known = senders[selector] { return known }
    let function = try lua.function { [unowned self] call in
      let receiver = try call.object(1, as: objectType)
      try checkAlive(receiver)
      let arguments = try runtimeArguments(call, from: 2)
      try pushResult(of: &call) { try runtime.send(selector, to: receiver, arguments) }
    }
    senders[selector] = function
    return function
  }

  /// Pushes what a message returned; a method whose `NSError **` out-parameter was filled
  /// returns two results, `false` and the error, as `io.open` does in Lua.
  private func pushResult(of call: inout LuaCall, _ send: () throws -> RuntimeValue) throws {
    do {
      try call.push(try luaValue(try send()))
    } catch let failure as ErrorOutParameter {
      try call.push(.boolean(false))
      try call.push(try luaValue(failure.error))
    }
  }

  // MARK: Classes

  private func defineClassType() {
    classType.description { $0.name }
    classType.unknownKey { [unowned self] cls, key in try value(of: cls, key) }
    classType.unknownKeyAssignment { [unowned self] cls, key, value in
      try define(key, value, in: cls)
      return true
    }
  }

  /// `class(name, superclass, protocols)`.
  private func defineClass(_ call: LuaCall) throws -> LuaValue {
    let name = try call.string(1)
    let superclass: RuntimeClass
    switch try call.value(2) {
    case .object(let cls as RuntimeClass, _):
      superclass = cls
    case .string(let superclassName):
      guard let found = runtime.classNamed(superclassName) else {
        throw LuaArgumentError(index: 2, "no class named \(superclassName)")
      }
      superclass = found
    case .nil:
      superclass = runtime.rootClass
    default:
      throw LuaArgumentError(index: 2, "class or class name expected, got \(call.typeName(at: 2))")
    }
    var protocols: [String] = []
    if !call.isNil(3) {
      let list = try call.table(3)
      var index = 1
      while case .string(let protocolName) = try lua.get(list, .integer(index)) {
        protocols.append(protocolName)
        index += 1
      }
    }
    do {
      let cls = try runtime.defineClass(name, superclass: superclass, protocols: protocols)
      return .object(cls, classType)
    } catch is ObjCException {
      throw LuaScriptError("class '\(name)' is already defined")
    }
  }

  /// Records and defines what class objects answer besides their methods.
  private func defineClassMembers(_ interface: ScriptInterface) throws {
    let root = runtime.rootClass!
    func member(
      _ symbol: ScriptInterface.Symbol, _ value: @escaping (RuntimeClass) throws -> LuaValue
    ) {
      let owner = runtime.classNamed(symbol.owner!)!
      interface.add(symbol)
      classMembers[symbol.name, default: []].append(ClassMember(owner: owner, value: value))
    }
    member(
      .function(
        "new", in: root.name, ["...: any"], returns: "Self",
        "Creates an instance; the class's `init`, if it has one, runs with the arguments (`UIWindow.new{ windowScene = scene }`)."
      )
    ) { [unowned self] cls in
      .function(
        try lua.function { [unowned self] call in
          // A table of named values is a dictionary here: UIWindow.new{ windowScene = scene }.
          let arguments = try runtimeArguments(call, from: 1).map(namedValues)
          try call.push(.object(try instantiate(cls, arguments), objectType))
        })
    }
    member(
      .value(
        "super", in: root.name, type: "Super",
        "The superclass (nil for NSObject); `Class.super.method(self, ...)` calls its implementation."
      )
    ) { [unowned self] cls in cls.superclass.map { .object($0, classType) } ?? .nil }
    member(
      .value(
        "properties", in: root.name, type: "string[]",
        "The class's declared properties; assign a list to declare more (`AppDelegate.properties = { \"window\" }`)."
      )
    ) { [unowned self] cls in .table(try lua.table(array: cls.properties.map { .string($0) })) }
    member(
      .method(
        "isSubclassOfClass", in: root.name, ["cls: NSObject"], returns: "boolean",
        "Whether this class is `cls` or inherits from it.")
    ) { [unowned self] _ in
      .function(
        try lua.function { [unowned self] call in
          let other = try call.object(2, as: classType)
          try call.push(try call.object(1, as: classType).isSubclass(of: other))
        })
    }
    member(
      .value(
        "shared", in: "UIApplication", type: "UIApplication",
        "The running application (nil before `UIApplicationMain` and after the app ends).")
    ) { [unowned self] _ in device.application.map { .object($0, objectType) } ?? .nil }
    member(
      .value(
        "main", in: "UIScreen", type: "UIScreen", "The device's screen: `UIScreen.main.bounds`.")
    ) { [unowned self] _ in .object(device.mainScreen, objectType) }
    member(
      .value(
        "current", in: "UIDevice", type: "UIDevice",
        "The device: `UIDevice.current.orientation` is how the user holds it (`device.rotate`).")
    ) { [unowned self] _ in .object(device.currentDevice, objectType) }
    member(
      .value(
        "main", in: "NSBundle", type: "NSBundle",
        "The app's bundle: `Bundle.main.infoDictionary`, `Bundle.main.bundleIdentifier`, `Bundle.main:objectForInfoDictionaryKey(key)` read the Info.plist as built."
      )
    ) { [unowned self] _ in .object(device.mainBundle, objectType) }
    member(
      .value(
        "standard", in: "NSUserDefaults", type: "NSUserDefaults",
        "The app's user defaults, kept by the device across the app's processes and wiped by `device.reinstall()`: `setObject_forKey(value, key)`, `objectForKey(key)`, `stringForKey`, `integerForKey`, `boolForKey`, `doubleForKey` (see Documentation/UIKit/storage.md)."
      )
    ) { [unowned self] _ in .object(device.standardUserDefaults, objectType) }
    member(
      .value(
        "shared", in: "BGTaskScheduler", type: "BGTaskScheduler",
        "The app's background task scheduler (nil when the app is not running): register launch handlers during launch, then submit requests (`submitTaskRequest_error` returns `true`, or `false` and the error)."
      )
    ) { [unowned self] _ in device.sharedTaskScheduler.map { .object($0, objectType) } ?? .nil }
    member(
      .function(
        "current", in: "UNUserNotificationCenter", returns: "UNUserNotificationCenter",
        "The app's notification center: set its `delegate` before the launch ends to hear notification taps (`userNotificationCenter_didReceiveNotificationResponse_withCompletionHandler`)."
      )
    ) { [unowned self] _ in
      .function(
        try lua.function { [unowned self] call in
          try call.push(.object(device.currentNotificationCenter, objectType))
        })
    }
  }

  /// `Class.key`: a class member (`new`, `super`, `UIApplication.shared`), or a method of the
  /// class (called with an explicit receiver, this is how a script calls a superclass's
  /// implementation).
  private func value(of cls: RuntimeClass, _ key: String) throws -> LuaValue? {
    if let member = classMembers[key]?.first(where: { cls.isSubclass(of: $0.owner) }) {
      return try member.value(cls)
    }
    guard let selector = selector(forLuaName: key, in: cls) else { return nil }
    return .function(
      try lua.function { [unowned self] call in
        let receiver = try call.object(1, as: objectType)
        try checkAlive(receiver)
        let arguments = try runtimeArguments(call, from: 2)
        try pushResult(of: &call) {
          try runtime.send(selector, to: receiver, using: cls, arguments)
        }
      })
  }

  /// `Class.new(...)`: a new instance; `init`, if the class has one, runs with the arguments.
  private func instantiate(_ cls: RuntimeClass, _ arguments: [RuntimeValue]) throws
    -> RuntimeObject
  {
    var created: ObjectIdentifier?
    defer { if let created { initializing.remove(created) } }
    return try device.create(cls, arguments) { object in
      created = ObjectIdentifier(object)
      initializing.insert(ObjectIdentifier(object))
    }
  }

  /// `Class.key = value`: a method (`function Class:name() end`) or the property list.
  private func define(_ key: String, _ value: LuaValue, in cls: RuntimeClass) throws {
    switch value {
    case .function(let function):
      let selector = selectorForDefinition(key, function: function, in: cls)
      if !cls.instancesRespond(to: selector) { warnIfNearMiss(key, selector, in: cls) }
      cls.addMethod(selector, .script(LuaScriptMethod(function, bindings: self)))
    case .table(let list) where key == "properties":
      var index = 1
      while case .string(let property) = try lua.get(list, .integer(index)) {
        cls.declareProperty(property)
        index += 1
      }
    default:
      throw LuaScriptError(
        "cannot set '\(key)' on class \(cls.name); define methods with function \(cls.name):\(key)(...) ... end"
      )
    }
  }

  /// Methods already warned about for their return value.
  private var warnedReturns: Set<String> = []

  /// A delegate method UIKit reads a BOOL from returned something else: UIKit reads NO; say so
  /// once (in Swift this would not compile).
  func checkBoolean(_ result: LuaValue, returnedBy method: String) {
    if case .boolean = result { return }
    guard warnedReturns.insert(method).inserted else { return }
    let returned = result.isNil ? "nothing" : "a \(result.typeName)"
    device.host.warn(
      Warning(
        .nonBoolReturn,
        "\(method) returned \(returned) instead of true or false; UIKit reads it as NO (did you forget 'return true'?)"
      ))
  }

  // MARK: Selectors

  /// A new method whose name nearly matches a selector of an adopted protocol or of the
  /// superclass is probably a misspelling UIKit will never call: say so, with the right name.
  private func warnIfNearMiss(_ name: String, _ selector: Selector, in cls: RuntimeClass) {
    let protocols = cls.ancestry.flatMap { $0.protocols.sorted() }
    // A method a protocol of the class declares is what UIKit calls: nothing to suggest, and
    // no string distances to compute (nor ancestors' selectors to gather) for every delegate
    // method of every scenario.
    if protocols.contains(where: { UIKitProtocols.selectors(of: $0).contains(selector.name) }) {
      return
    }
    var known = cls.ancestry.dropFirst().flatMap { $0.selectors.map(\.name) }
    for protocolName in protocols { known += UIKitProtocols.selectors(of: protocolName) }
    guard let meant = NearMiss.suggestion(for: name, among: known) else { return }
    let owner = cls.ancestry.dropFirst().first { $0.implementsOwn(Selector(meant)) }
    let origin =
      protocols.first { UIKitProtocols.selectors(of: $0).contains(meant) }
      ?? owner?.name ?? "its superclass"
    device.host.warn(
      Warning(
        .misspelledMethod,
        "\(cls.name):\(name) matches no method of \(origin), so UIKit never calls it; did you mean \(SelectorSpelling.luaName(of: meant)) (\(meant))?",
        location: lua.callerLocation()?.description))
  }

  /// The selector a Lua method name stands for in `cls`: one the class or an ancestor already
  /// has with that Lua name.
  private func selector(forLuaName name: String, in cls: RuntimeClass) -> Selector? {
    for each in cls.ancestry {
      if let found = each.selectors.first(where: { Self.isLuaName(name, of: $0.name) }) {
        return found
      }
    }
    return nil
  }

  /// Whether `selector`'s Lua name (`SelectorSpelling.luaName`: colons as underscores, less a
  /// last underscore) is `name`, compared byte by byte: building the Lua name of every selector
  /// of a class and its ancestors for each method a script defines was an eighth of a small
  /// scenario's instructions.
  static func isLuaName(_ name: String, of selector: String) -> Bool {
    let nameCount = name.utf8.count
    let selectorCount = selector.utf8.count
    guard selectorCount == nameCount || selectorCount == nameCount + 1 else { return false }
    let underscore = UInt8(ascii: "_")
    var names = name.utf8.makeIterator()
    var index = 0
    var last: UInt8?
    for byte in selector.utf8 {
      let spelled = byte == UInt8(ascii: ":") ? underscore : byte
      if index < nameCount, names.next() != spelled { return false }
      last = spelled
      index += 1
    }
    return selectorCount == nameCount ? last != underscore : last == underscore
  }

  /// The selector a newly defined Lua method implements: an existing one of that Lua name (an
  /// override), else one made from the name and the function's parameters: none gives
  /// `viewDidLoad`, n gives `a:b:` from `a_b`
  /// (Documentation/Reference/scenario-language.md#classes).
  private func selectorForDefinition(_ name: String, function: LuaReference, in cls: RuntimeClass)
    -> Selector
  {
    if name == "init" { return Selector("init") }
    if let existing = selector(forLuaName: name, in: cls) { return existing }
    let parameters = max(0, (lua.parameterCount(of: function) ?? 1) - 1)  // minus self
    if parameters == 0 { return Selector(name) }
    return Selector(Self.selectorName(forLuaName: name))
  }

  /// `a:b:` for `a_b`: the pieces between underscores (empty ones left out, as
  /// `split(separator: "_")` leaves them), each followed by a colon; a character at a time,
  /// where the generic split and join cost a scenario 13,000 instructions a method.
  static func selectorName(forLuaName name: String) -> String {
    // ASCII (every name Lua's syntax allows): bytes are characters, and bytes are cheap.
    if name.utf8.allSatisfy({ $0 < 0x80 }) {
      var selector: [UInt8] = []
      selector.reserveCapacity(name.utf8.count + 1)
      var colonPending = false
      for byte in name.utf8 {
        if byte == UInt8(ascii: "_") {
          colonPending = !selector.isEmpty
          continue
        }
        if colonPending {
          selector.append(UInt8(ascii: ":"))
          colonPending = false
        }
        selector.append(byte)
      }
      selector.append(UInt8(ascii: ":"))
      return String(decoding: selector, as: UTF8.self)
    }
    var selector = ""
    var colonPending = false
    for character in name {
      if character == "_" {
        colonPending = !selector.isEmpty
        continue
      }
      if colonPending {
        selector.append(":")
        colonPending = false
      }
      selector.append(character)
    }
    return selector + ":"
  }
}
