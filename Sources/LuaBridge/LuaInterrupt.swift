import CLuaShim

/// Ctrl-C for a host that runs scripts interactively, as the standalone `lua` has it.
///
/// `catchSignal()` installs a SIGINT handler that only records the interrupt (a `read` waiting
/// for input returns with `EINTR`, and `descriptor` becomes readable). A state with `isInterruptible` set then stops its running code
/// at the next hook (every 1,000 instructions) with an `.interrupted` error that a script's
/// `pcall` cannot swallow, as a spent instruction budget does. Swift loops that Lua called and
/// that run no Lua instructions (a run loop) call `LuaState.stopIfInterrupted()`. One handler
/// per process; the host clears the interrupt when it has dealt with it.
public enum LuaInterrupt {
  public static func catchSignal() { clua_catch_interrupts(1) }

  /// Gives SIGINT its default action again (ending the process).
  public static func releaseSignal() { clua_catch_interrupts(0) }

  /// Records an interrupt as Ctrl-C does, from any thread (a host's own stop button).
  public static func request() { clua_request_interrupt() }

  /// Whether an interrupt came since the last `clear()`.
  public static var isRequested: Bool { clua_interrupt_requested() != 0 }

  /// A file descriptor that is readable while an interrupt is pending (-1 before
  /// `catchSignal()`): a host waiting for input polls it too, so an interrupt that came just
  /// before the wait began is not missed.
  public static var descriptor: Int32 { clua_interrupt_descriptor() }

  public static func clear() { clua_clear_interrupt() }
}

extension LuaState {
  /// Whether an interrupt (`LuaInterrupt`) stops this state's scripts; the instruction hook then
  /// runs even without a budget. Setting it refills the instruction budget.
  public var isInterruptible: Bool {
    get { host.pointee.interruptible != 0 }
    set {
      host.pointee.interruptible = newValue ? 1 : 0
      resetInstructionBudget()
    }
  }

  /// Stops the running scripts when an interrupt is pending and the state is interruptible:
  /// every later instruction raises, and this throws the `.interrupted` error, which a Swift
  /// function called from Lua passes on (`file:line: interrupted` at the calling Lua line).
  public func stopIfInterrupted() throws {
    guard !isClosed, host.pointee.interruptible != 0, LuaInterrupt.isRequested else { return }
    clua_stop_for_interrupt(stack.L)
    let message = withUnsafeBytes(of: host.pointee.instruction_limit_message) { bytes in
      String(decoding: bytes.prefix(while: { $0 != 0 }), as: UTF8.self)
    }
    throw LuaError(
      .interrupted, message, location: ScriptLocation(host.pointee.instruction_limit_location))
  }
}

extension LuaState {
  /// Stops the scripts from a Swift function Lua called on its main thread, as an interrupt
  /// does but without one pending: every later Lua instruction raises an `.interrupted` error,
  /// which `pcall` cannot swallow. Returns the error to throw; the host tells it from a real
  /// interrupt by knowing it asked for it (`lifescript explore` ends a file at
  /// `explore.start()` so).
  public func stopScripts(_ call: LuaCall) -> LuaError {
    clua_stop_for_interrupt(call.stack.L)
    return LuaError(.interrupted, "stopped", location: call.location())
  }
}
