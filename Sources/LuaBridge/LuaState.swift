import CLua
import CLuaShim

/// The owner of one Lua state: creates it with its limits, runs code in it only through protected
/// calls, and closes it (releasing every Swift object Lua still holds).
///
/// Not thread-safe: use a state from one thread at a time.
public final class LuaState {
  public struct Limits: Sendable {
    /// Bytes the state may allocate; nil for no cap.
    public var memory: Int?
    /// Lua VM instructions the state may run (counted in steps of 1,000); nil for no budget.
    public var instructions: Int?

    public init(memory: Int? = 64 << 20, instructions: Int? = 100_000_000) {
      self.memory = memory
      self.instructions = instructions
    }

    public static let none = Limits(memory: nil, instructions: nil)
  }

  /// The state's main thread. Operations never use it directly: they use `stack`, the thread
  /// running now.
  let mainThread: OpaquePointer
  let host: UnsafeMutablePointer<clua_host>
  let handle: LuaStateHandle
  /// For what is kept outside the state and must not keep it alive (see LuaStateLink).
  public let link = LuaStateLink()
  public let limits: Limits
  /// Receives Lua warnings (`warn(...)`, errors in `__gc`), one message at a time.
  public var warningHandler: (String) -> Void = { _ in }
  /// Lua's own `next`, in Lua's order, kept when the sandbox replaces the global with its
  /// sorted one (`LuaSandbox`): for host code that walks part of a big table, such as the
  /// REPL's inspector. Nil without a sandbox.
  public internal(set) var rawNext: LuaReference?
  private var warning = ""

  func receiveWarning(_ piece: String, last: Bool) {
    warning += piece
    guard last else { return }
    let message = warning
    warning = ""
    warningHandler(message)
  }
  /// Exposed types (kept alive: userdata type tags point at them) and their metatables. A
  /// state has a few: an array of a plain class, not a dictionary of tuples, whose generic
  /// metadata alone cost a scenario's set-up 3% of its instructions.
  private var metatables: [ExposedType] = []
  /// The bodies of the Swift functions of `LuaFields` tables, kept until the state closes
  /// (their closures point at them without a reference Lua counts).
  private var keptFunctions: [LuaFunctionBox] = []
  /// The objects of `setLazyGlobals`, kept until the state closes: a global not read yet holds
  /// its object only by address.
  private var lazyObjects: [AnyObject] = []

  private final class ExposedType {
    let type: LuaObjectTypeBase
    let ref: LuaReference

    init(_ type: LuaObjectTypeBase, _ ref: LuaReference) {
      self.type = type
      self.ref = ref
    }
  }

  /// A new state with Lua's standard libraries (`io` only when `io` is true: a sandbox without
  /// `allowIO` takes it away anyway). With `collectorPaused`, Lua's collector does not run
  /// until `resumeCollector()`: a host that sets up much (a scenario's libraries) and then
  /// collects once does not pay for collection steps on the way.
  public init(limits: Limits = Limits(), collectorPaused: Bool = false, io: Bool = true) throws {
    self.limits = limits
    host = .allocate(capacity: 1)
    host.initialize(to: clua_host())
    host.pointee.memory_limit = limits.memory.map { max(0, $0) } ?? 0
    host.pointee.handler_reserve = 256 << 10
    // What the heap may take past the cap until the scripts stop at their next instruction,
    // which tells where they were: an eighth of the cap, so that a table's part doubling near
    // the cap still fits. An allocation that needs more is refused at once, and its error has no
    // line. The heap stays within cap + grace + reserve (Documentation/Reference/sandbox.md).
    host.pointee.memory_grace = max(128 << 10, host.pointee.memory_limit / 8)
    host.pointee.instruction_limit = Int64(limits.instructions.map { max(1, $0) } ?? 0)
    host.pointee.dispatch = dispatchSwiftFunction
    host.pointee.retain = { _ = Unmanaged<AnyObject>.fromOpaque($0!).retain() }
    host.pointee.release = { Unmanaged<AnyObject>.fromOpaque($0!).release() }
    host.pointee.warn = forwardWarning
    host.pointee.without_io = io ? 0 : 1
    guard let L = clua_newstate(host) else {
      host.deallocate()
      throw LuaError(.memoryLimit, "not enough memory to create a Lua state")
    }
    mainThread = L
    if !collectorPaused { clua_gcrestart(L) }
    handle = LuaStateHandle(L)
    host.pointee.owner = Unmanaged.passUnretained(self).toOpaque()
    link.target = .passUnretained(self)
    link.host = host
  }

  deinit {
    close()
    host.deallocate()
  }

  /// Closes the state: finalisers run and every Swift object held by Lua is released. Further use
  /// of the state is a programming error; references taken from it become inert.
  public func close() {
    link.target = nil
    link.host = nil
    guard handle.L != nil else { return }
    handle.L = nil
    // A later state could get this one's address: forget the cached metatables.
    for exposed in metatables { exposed.type.lastMetatable = nil }
    metatables.removeAll()
    clua_close(mainThread)
    // Only now: finalizers that ran while the state closed may have called them.
    keptFunctions.removeAll()
    lazyObjects.removeAll()
  }

  public var isClosed: Bool { handle.L == nil }

  /// The thread running Swift right now: while a Swift function called from Lua runs, the thread
  /// that called it (a coroutine, perhaps); otherwise the main thread. Calls into Lua use it, as C
  /// code uses the `L` it was given.
  ///
  /// Every operation reads it once, into its `stack`, and then touches no other thread: while a
  /// coroutine runs, the main thread is suspended inside `coroutine.resume`, and a push or a pop
  /// on its stack corrupts it.
  var runningThread: OpaquePointer?

  var stack: LuaStack { LuaStack(L: runningThread ?? mainThread) }

  /// How many Swift functions called from Lua are running now, one inside another.
  var dispatchDepth = 0
  /// The most Swift functions called from Lua that may run one inside another. Each level takes
  /// a few of the 200 nested C calls Lua allows (LUAI_MAXCCALLS); past that, Lua cannot even
  /// push an error message, and recursion through Swift would end as "not enough memory".
  static let maximumDispatchDepth = 50
  /// The chunk name of the host's own Lua (CLUA_HOST_CHUNK): where an error happened is never in
  /// there, but in the script that called it.
  static let hostChunk = "=lifescript"

  /// The Swift error behind the value the trampoline last kept (clua_israised), and where it was
  /// raised: what a failed protected call gives back when its error is that value.
  var carried: (error: any Error, location: ScriptLocation?)?
  /// The Swift error a Swift function passed on with a spent instruction budget or an interrupt.
  /// Every instruction raises once the budget is spent, so no script can catch it: the limit
  /// that reaches the host is that one.
  var carriedWithLimit: (any Error)?

  /// How many fixed parameters a Lua function declares (`function(a, b, ...)` has 2); nil for a
  /// function that is not Lua (a C or Swift function).
  public func parameterCount(of function: LuaReference) -> Int? {
    let stack = self.stack
    guard (try? stack.reserve()) != nil else { return nil }
    stack.push(function)
    var info = lua_Debug()
    // ">u" pops the function; lua_getinfo cannot raise.
    guard lua_getinfo(stack.L, ">Su", &info) != 0, info.what.map({ String(cString: $0) }) != "C"
    else { return nil }
    return Int(info.nparams)
  }

  // MARK: Limits and statistics

  /// Bytes the state has allocated now.
  public var memoryInUse: Int { host.pointee.used }

  /// The chunks Lua's small blocks are cut from now (for tests of the allocator; 0 once closed).
  var smallBlockChunks: Int { Int(clua_pool_chunks(host)) }
  /// Whether Lua's small blocks are pooled in chunks (not in AddressSanitizer builds).
  static var poolsSmallBlocks: Bool { clua_pool_enabled() != 0 }
  /// The most bytes the state had allocated at once.
  public var peakMemory: Int { host.pointee.peak }
  /// Bytes the engine holds for the scripts outside the Lua heap, as charged with
  /// `chargeEngineMemory`; they count against the memory cap with the Lua heap.
  public var engineMemoryInUse: Int { host.pointee.engine_used }

  /// Charges bytes the engine now holds for the scripts (a string kept as an instance variable,
  /// a class, a trace entry) against the memory cap. When the Lua heap plus the engine's bytes
  /// pass the cap, the scripts are stopped as by a refused allocation (the next instruction
  /// raises the memory error, which no script can catch) and this throws that error, for a Swift
  /// function called from Lua to raise at once.
  public func chargeEngineMemory(_ bytes: Int) throws {
    guard bytes > 0, !isClosed else { return }
    // The running thread: where the script is, should this charge reach the cap.
    if clua_charge(stack.L, Int64(bytes)) != 0 {
      throw LuaError(.memoryLimit, "not enough memory")
    }
  }

  /// Gives back bytes charged with `chargeEngineMemory` that the engine no longer holds.
  public func creditEngineMemory(_ bytes: Int) {
    // Objects freed after the state closed give back nothing: the state is gone.
    guard bytes > 0, !isClosed else { return }
    _ = clua_charge(mainThread, -Int64(bytes))
  }

  /// Instructions run against the budget so far (a multiple of 1,000).
  public var instructionsUsed: Int { Int(host.pointee.instructions) }

  /// Whether the instruction budget ran out (every instruction raises until it is reset).
  public var instructionBudgetExhausted: Bool { host.pointee.instruction_limit_hit != 0 }

  /// Whether the memory cap was reached: like a spent budget, it ends the scripts even when one
  /// catches its error (every instruction raises a memory error until the budget is reset).
  public var memoryLimitReached: Bool { host.pointee.memory_limit_stop != 0 }

  /// Refills the instruction budget and lifts the stop of a reached memory cap (after a limit
  /// error, to keep using the state).
  public func resetInstructionBudget() {
    clua_reset_instruction_budget(stack.L)
  }

  /// Runs a full garbage collection (finalisers included).
  public func collectGarbage() {
    clua_collectgarbage(stack.L)
  }

  /// Whether the collector waits (`init(limits:collectorPaused:)`).
  public var isCollectorPaused: Bool { !isClosed && clua_gcisrunning(mainThread) == 0 }

  /// Collects everything unreachable, then lets the collector run from that state: what a set-up
  /// with the collector paused left behind goes now, so the scripts start from the collector's
  /// state after a full collection, whatever the set-up made on the way.
  public func resumeCollector() {
    guard !isClosed else { return }
    // Restarted first: a restart sets the collector's debt to zero, which would start the next
    // cycle at once; the full collection then sets its pause as always.
    clua_gcrestart(mainThread)
    clua_collectgarbage(mainThread)
  }

  // MARK: Loading

  /// Compiles Lua source (text only: binary chunks are refused) into a function.
  ///
  /// - Parameter chunkName: as in `lua_load`: `@path` for files, `=name` for other sources.
  public func load(_ source: String, chunkName: String) throws -> LuaReference {
    try load(source, chunkName: chunkName, on: stack)
  }

  func load(_ source: String, chunkName: String, on stack: LuaStack) throws -> LuaReference {
    var source = source
    return try source.withUTF8 {
      try load(bytes: UnsafeRawBufferPointer($0), chunkName: chunkName, on: stack)
    }
  }

  func load(bytes: UnsafeRawBufferPointer, chunkName: String, on stack: LuaStack) throws
    -> LuaReference
  {
    let L = stack.L
    try stack.reserve()
    let status = luaL_loadbufferx(
      L, bytes.baseAddress?.assumingMemoryBound(to: CChar.self), bytes.count, chunkName, "t")
    do {
      try stack.check(status)
    } catch var error as LuaError where error.kind == .syntax {
      error.location = ScriptLocation(syntaxError: error.message, chunkName: chunkName)
      // lua.c's test for input that more lines could complete.
      error.isIncomplete = error.message.utf8.reversed().starts(with: "<eof>".utf8.reversed())
      throw error
    }
    return try stack.popReference(handle: handle)
  }

  /// Compiles Lua source as `load(bytes:chunkName:on:)` does, through the process's cache of
  /// compiled chunks (`LuaChunkCache`): source this process compiled before is not parsed
  /// again. Errors are the same, word for word: source that does not compile is parsed here.
  /// `parsedFirstByTheState`: see `LuaChunkCache.binary`.
  func loadCompiled(
    bytes: UnsafeRawBufferPointer, chunkName: String, on stack: LuaStack,
    cache: LuaChunkCache = .shared, parsedFirstByTheState: Bool = false
  ) throws -> LuaReference {
    guard
      let binary = cache.binary(
        of: bytes, chunkName: chunkName, memoryCap: limits.memory,
        parsedFirstByTheState: parsedFirstByTheState)
    else { return try load(bytes: bytes, chunkName: chunkName, on: stack) }
    try stack.reserve()
    // Mode "b": the cache's own chunk, made from this very source (LuaChunkCache).
    let status = binary.withUnsafeBytes {
      luaL_loadbufferx(
        stack.L, $0.baseAddress?.assumingMemoryBound(to: CChar.self), $0.count, chunkName, "b")
    }
    try stack.check(status)
    return try stack.popReference(handle: handle)
  }

  func loadCompiled(
    _ source: String, chunkName: String, on stack: LuaStack, cache: LuaChunkCache = .shared,
    parsedFirstByTheState: Bool = false
  ) throws -> LuaReference {
    var source = source
    return try source.withUTF8 {
      try loadCompiled(
        bytes: UnsafeRawBufferPointer($0), chunkName: chunkName, on: stack, cache: cache,
        parsedFirstByTheState: parsedFirstByTheState)
    }
  }

  /// Compiles Lua source that the host runs again and again (a scenario file, run once per
  /// explored path or named test) through the process's cache of compiled chunks; the same
  /// function, errors and line numbers as `load(_:chunkName:)`.
  public func loadCompiled(_ source: String, chunkName: String) throws -> LuaReference {
    try loadCompiled(source, chunkName: chunkName, on: stack)
  }

  /// Compiles Lua source read as bytes (text only: binary chunks are refused) into a function;
  /// `chunkName` as for `load(_:chunkName:)`.
  public func load(bytes: [UInt8], chunkName: String) throws -> LuaReference {
    try bytes.withUnsafeBytes { try load(bytes: $0, chunkName: chunkName, on: stack) }
  }

  /// Compiles a Lua source file through the process's cache of compiled chunks (a file run again
  /// with the same bytes is not parsed again); `displayName` is how messages name it (default:
  /// the path).
  public func load(file path: String, displayName: String? = nil) throws -> LuaReference {
    let name = displayName ?? path
    let source = try LuaSourceFile.read(path, displayName: name)
    return try source.withUnsafeBytes {
      try loadCompiled(bytes: $0, chunkName: "@" + name, on: stack)
    }
  }

  // MARK: Calling

  /// Calls a Lua function with a protected call and returns all its results.
  @discardableResult
  public func call(_ function: LuaReference, _ arguments: [LuaValue] = []) throws -> [LuaValue] {
    try call(function, arguments, on: stack)
  }

  /// Compiles and runs a chunk; returns its results.
  @discardableResult
  public func run(_ source: String, chunkName: String = "=lua") throws -> [LuaValue] {
    try call(try load(source, chunkName: chunkName))
  }

  func call(_ function: LuaReference, _ arguments: [LuaValue], on stack: LuaStack) throws
    -> [LuaValue]
  {
    try stack.balanced { try unbalancedCall(function, arguments, on: stack) }
  }

  private func unbalancedCall(
    _ function: LuaReference, _ arguments: [LuaValue], on stack: LuaStack
  ) throws -> [LuaValue] {
    try protectedCall(
      function, on: stack, results: clua_multret(),
      arguments: { list in for argument in arguments { try list.push(argument) } },
      read: { base in
        var results: [LuaValue] = []
        let top = stack.top
        if top > base { results.reserveCapacity(Int(top - base)) }
        for index in stride(from: base + 1, through: top, by: 1) {
          results.append(try stack.value(at: index, handle: handle))
        }
        return results
      })
  }

  /// The one way Swift calls Lua: pushes the function and its arguments, makes a protected call
  /// expecting `results` results, reads them with `read` (given the index just below the
  /// results: the message handler's slot, above the stack's old top), and leaves
  /// the stack as it was.
  func protectedCall<Result>(
    _ function: LuaReference, on stack: LuaStack, results: Int32,
    arguments: (inout LuaArgumentList) throws -> Void, read: (Int32) throws -> Result
  ) throws -> Result {
    let L = stack.L
    var caller = lua_Debug()
    if lua_getstack(L, 0, &caller) == 0 {
      // Called from the host itself: no error is on its way through Lua.
      host.pointee.memory_limit_hit = 0
      carried = nil
      carriedWithLimit = nil
    }
    let base = stack.top
    try stack.reserve(4)
    // The message handler goes first, below the function, where it stays for the call: cheaper
    // than clua_pcall's moving it under the arguments and back.
    clua_pushmessagehandler(L)
    stack.push(function)
    var list = LuaArgumentList(stack: stack, state: self)
    do {
      try arguments(&list)
    } catch {
      lua_settop(L, base)
      throw error
    }
    let status = clua_pcallhandled(L, list.count, results)
    defer { lua_settop(L, base) }
    guard status == LUA_OK else { throw popError(status: status, on: stack) }
    return try read(base + 1)
  }

  /// Pops the error of a failed clua_pcall, with its traceback, where it was raised, and the
  /// Swift error it stands for when it is the value a Swift function raised.
  func popError(status: Int32, on stack: LuaStack) -> LuaError {
    var error = stack.errorFromTop(status: status)
    if let carried, error.kind == .runtime, clua_israised(stack.L, -1) != 0 {
      error.swiftError = carried.error
      error.location = carried.location
    } else if error.location == nil, error.kind == .runtime || error.kind == .errorHandling {
      error.location = ScriptLocation(host.pointee.error_location)
    } else if error.kind == .instructionLimit || error.kind == .interrupted {
      error.swiftError = carriedWithLimit
    } else if error.kind == .memoryLimit, host.pointee.memory_limit_located != 0 {
      // Where the cap stopped the scripts (see clua_host.memory_limit_location).
      error.location = ScriptLocation(host.pointee.memory_limit_location)
    }
    clua_pushtraceback(stack.L)
    // A memory error without a place has no traceback either: one kept for another error would
    // mislead.
    if error.kind != .memoryLimit || error.location != nil {
      error.traceback = stack.string(at: -1)
    }
    error.generation = host.pointee.error_generation
    clua_pop(stack.L, 2)
    return error
  }

  // MARK: Globals

  /// Reads a global without metamethods.
  public func global(_ name: String) throws -> LuaValue {
    let stack = self.stack
    let L = stack.L
    return try stack.balanced {
      try stack.reserve(4)
      var name = name
      try stack.check(name.withUTF8 { clua_global(L, $0.baseAddress, $0.count) })
      defer { clua_pop(L, 1) }
      return try stack.value(at: -1, handle: handle)
    }
  }

  /// Sets a global without metamethods.
  public func setGlobal(_ name: String, _ value: LuaValue) throws {
    var global = LuaFields(minimumCapacity: 1)
    global[name] = value
    try setGlobals(global)
  }

  /// Sets a global for each object, named by `names`, exposed as `type`: `setGlobal(name,
  /// .object(object, type))` for each, in one protected call (a scenario sets some 200, one for
  /// each runtime class).
  public func setGlobals(_ names: [String], to objects: [AnyObject], as type: LuaObjectTypeBase)
    throws
  {
    try setObjectGlobals(names, objects, type) { clua_setglobals($0, $1, $2, $3) }
  }

  /// `setGlobals(_:to:as:)`, each global made the first time something reads it: a script that
  /// reads a few of some hundred pays for those. Nothing a script can do tells the difference
  /// (clua_setlazyglobals); the objects are kept until the state closes.
  public func setLazyGlobals(
    _ names: [String], to objects: [AnyObject], as type: LuaObjectTypeBase
  ) throws {
    lazyObjects.append(contentsOf: objects)
    try setObjectGlobals(names, objects, type) { clua_setlazyglobals($0, $1, $2, $3) }
  }

  /// The globals of `names`, `objects` exposed as `type`, set by the shim's `set` in one
  /// protected call.
  private func setObjectGlobals(
    _ names: [String], _ objects: [AnyObject], _ type: LuaObjectTypeBase,
    _ set: (OpaquePointer, UnsafePointer<CChar>?, [clua_field], Int32) -> Int32
  ) throws {
    precondition(names.count == objects.count, "a name for each object")
    let stack = self.stack
    let metatable = try metatable(for: type, on: stack)
    var fields = LuaFieldList(capacity: names.count)
    for (name, object) in zip(names, objects) {
      fields.add(object, as: type, metatable: metatable, key: name)
    }
    try stack.reserve(4)
    try withExtendedLifetime((objects, type)) {
      try stack.check(
        fields.withDescription { bytes, fields in set(stack.L, bytes, fields, Int32(fields.count)) }
      )
    }
  }

  /// A global table and loaded module (`package.loaded`) for each library, each made from its
  /// fields the first time something reads it, by either name (a script reading `device`,
  /// `require "device"`); nothing a script does tells the difference (clua_setlazyglobals).
  public func setLazyLibraries(_ libraries: [(name: String, fields: LuaFields)]) throws {
    guard !libraries.isEmpty else { return }
    var builders = LuaFields(minimumCapacity: libraries.count)
    for (name, fields) in libraries {
      builders.function(name) { call in
        try call.push(.table(try call.state.table(fields, on: call.stack)))
      }
    }
    let stack = self.stack
    try withDescription(of: builders, on: stack) {
      clua_setlazyglobals(stack.L, $0, $1, Int32($1.count))
    }
  }

  /// Calls `body` with the description of `fields` (their functions kept), and throws the error
  /// its status says: one protected call of the shim that makes or sets them.
  private func withDescription(
    of fields: LuaFields, on stack: LuaStack,
    _ body: (UnsafePointer<CChar>?, [clua_field]) -> Int32
  ) throws {
    var list = LuaFieldList(capacity: fields.count)
    for (key, value) in fields.entries { try list.add(value, key: key, state: self, on: stack) }
    try stack.reserve(4)
    try stack.check(list.withDescription(body))
  }

  /// How many globals of `setLazyGlobals` and `setLazyLibraries` nothing has read yet.
  public var lazyGlobalsWaiting: Int { isClosed ? 0 : Int(clua_lazyglobals_pending(mainThread)) }

  /// Sets a global for each field, as `setGlobal` does, in one protected call; its functions are
  /// kept as long as the state (`LuaFields`).
  public func setGlobals(_ fields: LuaFields) throws {
    let stack = self.stack
    try withDescription(of: fields, on: stack) { clua_setglobals(stack.L, $0, $1, Int32($1.count)) }
  }

  /// `setLoadedModule` for each field, in one protected call.
  public func setLoadedModules(_ fields: LuaFields) throws {
    guard fields.count > 0 else { return }
    let stack = self.stack
    let L = stack.L
    try stack.balanced {
      try stack.reserve()
      try stack.push(LUA_LOADED_TABLE)
      // A raw get from the registry never allocates: the key is replaced by the loaded table.
      lua_rawget(L, clua_registryindex())
      defer { clua_pop(L, 1) }
      guard lua_type(L, -1) == LUA_TTABLE else { return }
      try withDescription(of: fields, on: stack) { clua_setfields(L, -1, $0, $1, Int32($1.count)) }
    }
  }

  /// Records `value` as the loaded module `name` (`package.loaded[name]`), as luaL_requiref
  /// records a library it opens: Lua's messages then name the library's functions even when
  /// no call site does (`bad argument #1 to 'expect.equal'` through `pcall`, not `'?'`).
  public func setLoadedModule(_ name: String, _ value: LuaValue) throws {
    let stack = self.stack
    let L = stack.L
    try stack.balanced {
      try stack.push(LUA_LOADED_TABLE)
      // A raw get from the registry never allocates: the key is replaced by the loaded table.
      lua_rawget(L, clua_registryindex())
      defer { clua_pop(L, 1) }
      guard lua_type(L, -1) == LUA_TTABLE else { return }
      try stack.rawSet(-1, key: name) { try stack.push(value, state: self) }
    }
  }

  /// Defines a global Swift function.
  public func register(_ name: String, _ body: @escaping LuaFunctionBody) throws {
    var global = LuaFields(minimumCapacity: 1)
    global[name] = .function(try function(body))
    try setGlobals(global)
  }

  // MARK: Values

  /// A Lua function that calls `body`.
  public func function(_ body: @escaping LuaFunctionBody) throws -> LuaReference {
    try function(body, on: stack)
  }

  func function(_ body: @escaping LuaFunctionBody, on stack: LuaStack) throws -> LuaReference {
    try stack.balanced {
      try stack.reserve(3)
      let box = LuaFunctionBox(body)
      var ref: Int32 = 0
      // Made and kept in the registry in one protected call (a scenario makes some hundred).
      try stack.check(clua_newfunctionref(stack.L, Unmanaged.passUnretained(box).toOpaque(), &ref))
      return LuaReference(handle: handle, ref: ref)
    }
  }

  /// A new table with the given array items and fields.
  public func table(array: [LuaValue] = [], fields: [String: LuaValue] = [:]) throws
    -> LuaReference
  {
    try table(array: array, fields: fields, on: stack)
  }

  /// The table is made in one protected call (clua_newtableref), from a description of its
  /// items and fields: every binding library is such a table, and making it a push, a set and
  /// two protected calls per field cost more than the rest of a scenario's set-up of it.
  func table(array: [LuaValue] = [], fields: [String: LuaValue], on stack: LuaStack) throws
    -> LuaReference
  {
    var list = LuaFieldList(capacity: array.count + fields.count)
    for item in array { try list.add(item, key: nil, state: self, on: stack) }
    // In the dictionary's order, which changes from process to process: so does the layout Lua
    // gives the keys (it seeds its string hashes per state), and scripts see the one order the
    // sandbox's pairs and next give (Documentation/Reference/sandbox.md#iteration-order).
    // Sorting the keys first took a quarter of a library's cost.
    for (key, item) in fields { try list.add(item, key: key, state: self, on: stack) }
    try stack.reserve(4)
    var ref: Int32 = 0
    try stack.check(
      list.withDescription { bytes, fields in
        clua_newtableref(stack.L, bytes, fields, Int32(array.count), Int32(fields.count), &ref)
      })
    return LuaReference(handle: handle, ref: ref)
  }

  /// A new table of `fields`, made in one protected call with its functions (`LuaFields`).
  public func table(_ fields: LuaFields) throws -> LuaReference {
    try table(fields, on: stack)
  }

  func table(_ fields: LuaFields, on stack: LuaStack) throws -> LuaReference {
    var ref: Int32 = 0
    try withDescription(of: fields, on: stack) {
      clua_newtableref(stack.L, $0, $1, 0, Int32($1.count), &ref)
    }
    return LuaReference(handle: handle, ref: ref)
  }

  /// Keeps `body` until the state closes; the pointer a kept function's closure holds.
  fileprivate func keep(_ body: @escaping LuaFunctionBody) -> UnsafeMutableRawPointer {
    let box = LuaFunctionBox(body)
    keptFunctions.append(box)
    return Unmanaged.passUnretained(box).toOpaque()
  }

  /// `table[key]`, honouring metamethods (which run protected).
  public func get(_ table: LuaReference, _ key: LuaValue) throws -> LuaValue {
    let stack = self.stack
    let L = stack.L
    return try stack.balanced {
      try stack.reserve(2)
      stack.push(table)
      defer { clua_pop(L, 1) }
      try stack.push(key, state: self)
      try stack.check(clua_gettable(L, -2))
      defer { clua_pop(L, 1) }
      return try stack.value(at: -1, handle: handle)
    }
  }

  /// `table[key] = value`, honouring metamethods (which run protected).
  public func set(_ table: LuaReference, _ key: LuaValue, _ value: LuaValue) throws {
    let stack = self.stack
    let L = stack.L
    try stack.balanced {
      try stack.reserve(3)
      stack.push(table)
      defer { clua_pop(L, 1) }
      try stack.push(key, state: self)
      do { try stack.push(value, state: self) } catch {
        clua_pop(L, 1)
        throw error
      }
      try stack.check(clua_settable(L, -3))
    }
  }

  /// A value as `tostring` would write it (runs `__tostring`, protected).
  public func describe(_ value: LuaValue) throws -> String {
    let stack = self.stack
    let L = stack.L
    return try stack.balanced {
      try stack.push(value, state: self)
      defer { clua_pop(L, 1) }
      try stack.check(clua_tostring(L, -1))
      defer { clua_pop(L, 1) }
      return stack.string(at: -1) ?? ""
    }
  }

  // MARK: Swift functions and objects

  /// [-0, +1]
  func pushFunction(_ body: @escaping LuaFunctionBody, on stack: LuaStack) throws {
    try stack.reserve()
    let box = LuaFunctionBox(body)
    try stack.check(clua_pushfunction(stack.L, Unmanaged.passUnretained(box).toOpaque()))
  }

  /// [-0, +1] The userdata of a Swift object exposed as `type`.
  func pushObject(_ object: AnyObject, type: LuaObjectTypeBase, on stack: LuaStack) throws {
    let metatable = try metatable(for: type, on: stack)
    try stack.reserve()
    try stack.check(
      clua_pushobject(
        stack.L, Unmanaged.passUnretained(object).toOpaque(),
        Unmanaged.passUnretained(type).toOpaque(), metatable))
  }

  /// pushObject for an object that keeps the slot of its userdata (clua_pushobjectslot).
  func pushObject(
    _ object: AnyObject, type: LuaObjectTypeBase, slot: inout Int32, on stack: LuaStack
  ) throws {
    let metatable = try metatable(for: type, on: stack)
    try stack.reserve()
    try stack.check(
      clua_pushobjectslot(
        stack.L, Unmanaged.passUnretained(object).toOpaque(),
        Unmanaged.passUnretained(type).toOpaque(), metatable, &slot))
  }

  /// The registry reference of the metatable for `type`, built the first time.
  ///
  /// Methods live in a plain table (`__index`), so a method lookup never leaves Lua; when the
  /// type has properties, a small Lua function tries that table first and asks Swift only for
  /// other keys.
  fileprivate func metatable(for type: LuaObjectTypeBase, on stack: LuaStack) throws -> Int32 {
    if let last = type.lastMetatable, last.state == ObjectIdentifier(self) { return last.ref }
    if let known = metatables.first(where: { $0.type === type }) {
      type.lastMetatable = (ObjectIdentifier(self), known.ref.ref)
      return known.ref.ref
    }
    // The metatable lives as long as the state: its functions are kept ones (LuaFields).
    var methods = LuaFields(minimumCapacity: type.methods.count)
    for (name, body) in type.methods { methods.function(name, body) }
    var fields = LuaFields(minimumCapacity: 3)
    if type.hasDynamicKeys {
      var lookup = LuaFields(minimumCapacity: 2)
      lookup["methods"] = .table(try table(methods, on: stack))
      lookup.function("lookup") { [unowned type] call in
        let object = try call.receiver(of: type)
        try call.push(try type.get(object, try call.string(2)))
      }
      let parts = try table(lookup, on: stack)
      let factory = try loadCompiled(Self.indexFunctionSource, chunkName: Self.hostChunk, on: stack)
      fields["__index"] = try call(factory, [.table(parts)], on: stack)[0]
    } else {
      fields["__index"] = .table(try table(methods, on: stack))
    }
    fields.function("__newindex") { [unowned type] call in
      let object = try call.receiver(of: type)
      try type.set(object, try call.string(2), try call.value(3))
    }
    fields.function("__tostring") { [unowned type] call in
      try call.push(type.description(of: try call.receiver(of: type)))
    }
    try stack.reserve()
    try stack.check(clua_newobjectmetatable(stack.L, type.name))
    do {
      try withDescription(of: fields, on: stack) {
        clua_setfields(stack.L, -1, $0, $1, Int32($1.count))
      }
    } catch {
      clua_pop(stack.L, 1)  // the metatable
      throw error
    }
    let ref = try stack.popReference(handle: handle)
    metatables.append(ExposedType(type, ref))
    type.lastMetatable = (ObjectIdentifier(self), ref.ref)
    return ref.ref
  }

  private static let indexFunctionSource = """
    local methods, lookup = (...).methods, (...).lookup
    return function(self, key)
      local method = methods[key]
      if method ~= nil then return method end
      return lookup(self, key)
    end
    """
}

extension LuaState {
  /// The Lua release lifescript runs, e.g. "Lua 5.4.6".
  public static var luaRelease: String { String(cString: clua_release()) }
}

extension LuaState {
  /// [-0, +0] The address that identifies a table (or any collectable value) while it lives:
  /// two references to one table give the same address, so a walk can tell a table that
  /// contains itself. Never raises; throws only when the stack cannot grow.
  public func address(of reference: LuaReference) throws -> UnsafeRawPointer? {
    let stack = self.stack
    return try stack.balanced {
      try stack.reserve()
      stack.push(reference)
      defer { clua_pop(stack.L, 1) }
      return lua_topointer(stack.L, -1)
    }
  }

  /// A table's entries, read raw (no metamethods), in Lua's traversal order.
  public func entries(of table: LuaReference) throws -> [(key: LuaValue, value: LuaValue)] {
    let stack = self.stack
    return try stack.balanced {
      try stack.reserve(3)
      stack.push(table)
      defer { clua_pop(stack.L, 1) }
      // The globals table with all its globals (setLazyGlobals).
      try stack.check(clua_settleglobals(stack.L, -1))
      var entries: [(key: LuaValue, value: LuaValue)] = []
      lua_pushnil(stack.L)
      // lua_next raises only for a key that is not in the table; the keys come from lua_next.
      while lua_next(stack.L, -2) != 0 {
        defer { clua_pop(stack.L, 1) }  // the value; the key stays for the next step
        do {
          entries.append(
            (try stack.value(at: -2, handle: handle), try stack.value(at: -1, handle: handle)))
        } catch {
          clua_pop(stack.L, 1)  // the key, ending the walk early
          throw error
        }
      }
      return entries
    }
  }
}

/// Arguments pushed straight onto the Lua stack for `LuaState.callReturningFirst`.
public struct LuaArgumentList {
  let stack: LuaStack
  /// The state making the call, which outlives the list: used without retaining it, as a push
  /// of every message argument otherwise would.
  private let state: Unmanaged<LuaState>
  var count: Int32 = 0

  init(stack: LuaStack, state: LuaState) {
    self.stack = stack
    self.state = .passUnretained(state)
  }

  public mutating func push(_ value: LuaValue) throws {
    try stack.reserve()
    let stack = stack
    try state._withUnsafeGuaranteedRef { try stack.push(value, state: $0) }
    count += 1
  }

  /// Pushes a Swift object exposed as `type`: `push(.object(object, type))` without making a
  /// LuaValue, for message dispatch, which pushes a receiver at every call.
  public mutating func push(_ object: AnyObject, as type: LuaObjectTypeBase) throws {
    let stack = stack
    try state._withUnsafeGuaranteedRef { try $0.pushObject(object, type: type, on: stack) }
    count += 1
  }

  /// Pushes a Swift object that keeps the slot of its userdata, which a push finds by index
  /// rather than by hashing the object's address: `slot` is the one the object kept (0 for
  /// none), and receives the one to keep.
  public mutating func push(_ object: AnyObject, as type: LuaObjectTypeBase, slot: inout Int32)
    throws
  {
    // The object's userdata is in its slot: no metatable to look up, nothing to protect.
    if clua_pushslotted(
      stack.L, Unmanaged.passUnretained(object).toOpaque(),
      Unmanaged.passUnretained(type).toOpaque(), slot) != 0
    {
      count += 1
      return
    }
    let stack = stack
    try state._withUnsafeGuaranteedRef {
      try $0.pushObject(object, type: type, slot: &slot, on: stack)
    }
    count += 1
  }
}

extension LuaState {
  /// Calls a Lua function with arguments pushed by `arguments` and returns its first result,
  /// without building argument or result arrays (the hot path of message dispatch).
  public func callReturningFirst(
    _ function: LuaReference, _ arguments: (inout LuaArgumentList) throws -> Void
  ) throws -> LuaValue {
    let stack = self.stack
    return try stack.balanced {
      try protectedCall(
        function, on: stack, results: 1, arguments: arguments,
        read: { _ in try stack.value(at: -1, handle: handle) })
    }
  }
}

/// Values described for the C side to set into a table in one protected call
/// (clua_newtableref, clua_setglobals): keys and strings as offsets into one byte buffer.
private struct LuaFieldList {
  private var bytes: [UInt8] = []
  private var fields: [clua_field] = []
  /// What the values refer to, alive until the table holds it.
  private var kept: [AnyObject] = []

  init(capacity: Int) {
    fields.reserveCapacity(capacity)
    bytes.reserveCapacity(capacity * 16)
  }

  mutating func add(_ value: LuaValue, key: String?, state: LuaState, on stack: LuaStack) throws {
    var field = clua_field()
    switch value {
    case .nil: field.kind = Int32(CLUA_FIELD_NIL)
    case .boolean(let flag):
      field.kind = Int32(CLUA_FIELD_BOOLEAN)
      field.integer = flag ? 1 : 0
    case .integer(let number):
      field.kind = Int32(CLUA_FIELD_INTEGER)
      field.integer = Int64(number)
    case .number(let number):
      field.kind = Int32(CLUA_FIELD_NUMBER)
      field.number = number
    case .string(let text):
      field.kind = Int32(CLUA_FIELD_STRING)
      field.string_offset = bytes.count
      field.string_length = text.utf8.count
      bytes += text.utf8
    case .table(let reference), .function(let reference), .thread(let reference),
      .userdata(let reference):
      guard reference.handle === state.handle else {
        throw LuaError(.runtime, "a Lua value of another state cannot be used here")
      }
      field.kind = Int32(CLUA_FIELD_REFERENCE)
      field.integer = Int64(reference.ref)
      kept.append(reference)
    case .lightUserdata(let pointer):
      field.kind = Int32(CLUA_FIELD_LIGHT_USERDATA)
      field.pointer = pointer
    case .object(let object, let type):
      add(object, as: type, metatable: try state.metatable(for: type, on: stack), key: key)
      kept.append(object)
      kept.append(type)
      return
    }
    append(field, key: key)
  }

  /// A field of `LuaFields`: a value, or a function the state keeps.
  mutating func add(
    _ value: LuaFields.Field, key: String, state: LuaState, on stack: LuaStack
  ) throws {
    switch value {
    case .value(let value): try add(value, key: key, state: state, on: stack)
    case .function(let body):
      var field = clua_field()
      field.kind = Int32(CLUA_FIELD_KEPT_FUNCTION)
      field.pointer = state.keep(body)
      append(field, key: key)
    }
  }

  /// `add(.object(object, type), …)` with the metatable of `type` looked up once by the caller,
  /// which keeps the object and the type alive until the table holds them.
  mutating func add(
    _ object: AnyObject, as type: LuaObjectTypeBase, metatable: Int32, key: String?
  ) {
    var field = clua_field()
    field.kind = Int32(CLUA_FIELD_OBJECT)
    field.integer = Int64(metatable)
    field.pointer = Unmanaged.passUnretained(object).toOpaque()
    field.tag = UnsafeRawPointer(Unmanaged.passUnretained(type).toOpaque())
    append(field, key: key)
  }

  private mutating func append(_ field: consuming clua_field, key: String?) {
    if let key {
      field.key_offset = bytes.count
      field.key_length = key.utf8.count
      bytes += key.utf8
    }
    fields.append(field)
  }

  /// Calls `body` with the bytes and the fields, what they refer to kept alive meanwhile.
  func withDescription(_ body: (UnsafePointer<CChar>?, [clua_field]) -> Int32) -> Int32 {
    withExtendedLifetime(kept) {
      bytes.withUnsafeBufferPointer { bytes in
        bytes.withMemoryRebound(to: CChar.self) { body($0.baseAddress, fields) }
      }
    }
  }
}
