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

/// Crash signals another process sends this one.
public enum CrashSignals {
  /// From now on a crash signal (SIGSEGV, SIGABRT, …) that another process sends ends this one,
  /// as it would without a crash handler: Swift's lets a process carry on after its report, so
  /// a scenario would pass. The process's own crashes still get Swift's report. Once, early.
  public static func dieWhenSent() {
    clua_die_of_sent_crash_signals()
  }
}
