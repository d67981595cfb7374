import LuaBridge

/// What the scenario language gives scripts besides the runtime's classes: global functions and
/// values, the `device` and `expect` tables, library objects (`NotificationCenter.default`,
/// `DispatchQueue.main`, timers) and what class objects answer (`new`, `super`,
/// `UIApplication.shared`).
///
/// The bindings record each name here as they register it, with its parameters and a one-line
/// summary, so `lifescript types` and the reference's completeness test read what a script really finds rather
/// than a second list that could go stale.
public final class ScriptInterface {
  /// A table or object type that holds symbols: `device`, `DispatchQueue`, `NSObject`.
  public struct Library: Sendable, Equatable {
    public var name: String
    public var summary: String
    /// Whether scripts reach it as a global table of that name (`device`), or only as values
    /// (an observation that `addObserver` returns).
    public var isGlobal: Bool
  }

  /// A parameter as Lua LanguageServer writes it: `seconds`, `number`.
  public struct Parameter: Sendable, Equatable {
    public var name: String
    public var type: String

    /// `"seconds: number"`.
    init(_ declaration: String) {
      let parts = declaration.split(separator: ":", maxSplits: 1)
      name = String(parts[0])
      type = parts.count == 2 ? String(parts[1].drop(while: { $0 == " " })) : "any"
    }
  }

  /// A name scripts can use.
  public struct Symbol: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
      /// Called with `.`: `wait(3)`, `device.home()`, `UIWindow.new()`.
      case function
      /// Called with `:` on an object: `DispatchQueue.main:async(fn)`.
      case method
      /// A value: `URL`, `DispatchQueue.main`, `UIApplication.shared`.
      case value
      /// A property of the objects of the owner, read with `.` on one: `timer.isValid`.
      case property
    }

    /// The library (or the runtime class) it belongs to; nil for a global.
    public var owner: String?
    public var name: String
    public var kind: Kind
    /// Its parameters, read from their declarations when asked: every scenario records some
    /// 300 symbols, and only `lifescript types` and the REPL read them.
    public var parameters: [Parameter] { declarations.map(Parameter.init) }
    /// `"seconds: number"`, one per parameter.
    var declarations: [String]
    /// What a function returns, or a value's type, as Lua LanguageServer writes types; nil for
    /// nothing. On a class member, `Self` is the class it is read from and `Super` its
    /// superclass.
    public var type: String?
    /// Other ways to call a function, as LuaLS `fun(...)` types.
    public var overloads: [String]
    public var summary: String

    /// How scripts write it: `wait`, `device.home`, `DispatchQueue:async`.
    public var path: String {
      guard let owner else { return name }
      return owner + (kind == .method ? ":" : ".") + name
    }

    /// A function: a global, or a member of `owner`.
    static func function(
      _ name: String, in owner: String? = nil, _ parameters: [String] = [],
      returns type: String? = nil, overloads: [String] = [], _ summary: String
    ) -> Symbol {
      Symbol(
        owner: owner, name: name, kind: .function, declarations: parameters,
        type: type, overloads: overloads, summary: summary)
    }

    /// A method of the objects of `owner`, called with `:`.
    static func method(
      _ name: String, in owner: String, _ parameters: [String] = [], returns type: String? = nil,
      _ summary: String
    ) -> Symbol {
      Symbol(
        owner: owner, name: name, kind: .method, declarations: parameters,
        type: type, overloads: [], summary: summary)
    }

    /// A value: a global, or a field of `owner`.
    static func value(_ name: String, in owner: String? = nil, type: String, _ summary: String)
      -> Symbol
    {
      Symbol(
        owner: owner, name: name, kind: .value, declarations: [], type: type, overloads: [],
        summary: summary)
    }
  }

  /// Libraries in the order they were registered.
  public private(set) var libraries: [Library] = []
  /// Symbols in the order they were registered.
  public private(set) var symbols: [Symbol] = []

  init() {}

  /// The symbols of a library (or a runtime class), in registration order.
  public func symbols(of owner: String?) -> [Symbol] { symbols.filter { $0.owner == owner } }

  func add(_ symbol: Symbol) { symbols.append(symbol) }

  func addLibrary(_ name: String, global: Bool = true, _ summary: String) {
    libraries.append(Library(name: name, summary: summary, isGlobal: global))
  }

  // MARK: Registering and recording at once

  /// The globals and libraries the bindings defined, set all at once by `defineGlobals` (one
  /// protected call rather than one for each of some forty).
  private var globals = LuaFields(minimumCapacity: 48)
  private var libraryTables: [(name: String, fields: LuaFields)] = []

  /// Sets the globals and libraries defined since the last call; their functions are kept as
  /// long as the state (`LuaFields`), and a library's table is made when a script first reads
  /// it (`LuaState.setLazyGlobals`). What the bindings define is not a global until then.
  func defineGlobals(in lua: LuaState) throws {
    let globals = self.globals
    let libraryTables = self.libraryTables
    self.globals = LuaFields()
    self.libraryTables = []
    try lua.setGlobals(globals)
    try lua.setLazyGlobals(.libraries(libraryTables))
  }

  /// Defines the global function `symbol` names (at `defineGlobals`), and records it.
  func register(_ symbol: Symbol, _ body: @escaping LuaFunctionBody) {
    globals.function(symbol.name, body)
    add(symbol)
  }

  /// The function field `symbol.name` of a library table, recorded as `symbol`; the state keeps
  /// it as long as it lives (`LuaFields`).
  func function(_ symbol: Symbol, into table: inout LuaFields, _ body: @escaping LuaFunctionBody) {
    add(symbol)
    table.function(symbol.name, body)
  }

  /// Sets the global `symbol` names (at `defineGlobals`), and records it.
  func setGlobal(_ symbol: Symbol, _ value: LuaValue) {
    globals[symbol.name] = value
    add(symbol)
  }

  /// Makes a global table of library `name` with `fields` (at `defineGlobals`, made when first
  /// read), and records the library; it is a loaded module too, so Lua's messages name its
  /// functions wherever they are called from.
  func setLibrary(_ name: String, fields: LuaFields, _ summary: String) {
    libraryTables.append((name, fields))
    addLibrary(name, summary)
  }

  /// Adds a method to an object type, recorded as `symbol` (its owner is the type's name).
  func method<Object>(
    _ symbol: Symbol, on type: LuaObjectType<Object>,
    _ body: @escaping (Object, inout LuaCall) throws -> Void
  ) {
    precondition(symbol.owner == type.name, "\(symbol.path) belongs to \(type.name)")
    type.method(symbol.name, body)
    add(symbol)
  }

  /// Adds a read-only property to an object type, recorded as `symbol` (a `.property`).
  func property<Object>(
    _ symbol: Symbol, on type: LuaObjectType<Object>, get: @escaping (Object) throws -> LuaValue
  ) {
    precondition(symbol.owner == type.name, "\(symbol.path) belongs to \(type.name)")
    type.property(symbol.name, get: get)
    var property = symbol
    property.kind = .property
    add(property)
  }
}
