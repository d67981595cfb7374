/// An error that ends the simulated process where it is raised: an uncaught Objective-C
/// exception, or the system killing the app. The outermost device action records it.
public protocol ProcessEnding: Error, CustomStringConvertible {
  /// The trace line it leaves.
  var traceEvent: TraceEvent { get }
}

extension ObjCException: ProcessEnding {
  public var traceEvent: TraceEvent { .exception(self) }
}

/// The watchdog killed the app (reference §9.1): SIGKILL, code 0x8badf00d.
public struct WatchdogTermination: ProcessEnding, Equatable, Sendable {
  public var reason: String

  public var traceEvent: TraceEvent { .terminated(reason) }
  public var description: String { reason }
}
