import CLua
import CLuaShim

extension LuaState {
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
    finalizerStop = nil
  }

  /// Closes the state, as `close()`, and throws the limit that stopped a finalizer, as a failed
  /// call throws it: the finalizers of the objects still alive run as the state closes, after
  /// the scripts' last instruction, where a limit they meet fails the run as it would have had
  /// the collector run them earlier.
  public func finish() throws {
    close()
    if let finalizerStop { throw finalizerStop }
  }

  /// The sandbox ran a table's `__gc` in the coroutine `thread`, and it failed: whether a limit
  /// stopped it (the finalizer's error is then the limit's, which ends the scripts, rather than
  /// a warning). A memory stop whose place is not known yet (an allocation refused at once) is
  /// placed where the coroutine stopped, with its frames alone; the limit's error is kept for
  /// `finish`.
  func finalizerFailed(in thread: OpaquePointer?, on stack: LuaStack) -> Bool {
    guard instructionBudgetExhausted || memoryLimitReached else { return false }
    if let thread { clua_locate_memory_stop_in(stack.L, thread) }
    if finalizerStop == nil { finalizerStop = stack.limitError() }
    return true
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
}
