import CLuaShim

/// A wall-clock limit for a whole process that runs Lua.
///
/// The instruction budget is deterministic and stops scripts; what it cannot see (a finalizer
/// that loops, a C library call that never returns) is stopped by this: after the time is up the
/// process writes `message` to standard error and exits with `status`. One per process.
public enum LuaWatchdog {
  public static func start(seconds: Int, message: String, status: Int32) {
    clua_set_watchdog(UInt32(clamping: seconds), message, status)
  }

  public static func cancel() {
    clua_set_watchdog(0, "", 0)
  }
}
