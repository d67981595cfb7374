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
  /// The limit that stopped a finalizer the sandbox ran (a table's `__gc`), the first one since
  /// the budget was last reset: `finish` throws it, for a finalizer that ran as the state closed,
  /// after the scripts' last instruction, where no call raised it.
  var finalizerStop: LuaError?
  /// The Swift error a Swift function passed on with a spent instruction budget or an interrupt.
  /// Every instruction raises once the budget is spent, so no script can catch it: the limit
  /// that reaches the host is that one.
  var carriedWithLimit: (any Error)?

  /// Keeps `body` until the state closes; the pointer a kept function's closure holds.
  func keep(_ body: @escaping LuaFunctionBody) -> UnsafeMutableRawPointer {
    let box = LuaFunctionBox(body)
    keptFunctions.append(box)
    return Unmanaged.passUnretained(box).toOpaque()
  }

  /// Keeps the objects of lazy globals until the state closes: a global not read yet holds its
  /// object only by address.
  func keepUntilClosed(_ objects: [AnyObject]) {
    lazyObjects.append(contentsOf: objects)
  }

  /// The metatable made for `type` in this state (`metatable(for:on:)`), if there is one.
  func existingMetatable(for type: LuaObjectTypeBase) -> LuaReference? {
    metatables.first(where: { $0.type === type })?.ref
  }

  /// Keeps `metatable`, made for `type`, as long as the state.
  func rememberMetatable(_ metatable: LuaReference, for type: LuaObjectTypeBase) {
    metatables.append(ExposedType(type, metatable))
  }
}

extension LuaState {
  /// The Lua release lifescript runs, e.g. "Lua 5.4.6".
  public static var luaRelease: String { String(cString: clua_release()) }
}
