/// A point in virtual time, in nanoseconds since the simulated process started.
///
/// Time is virtual and deterministic, never the wall clock: it starts at zero and moves only when
/// a scenario waits or the engine runs work that is due.
public struct VirtualInstant: Comparable, Hashable, Sendable, CustomStringConvertible {
  public var nanoseconds: Int64

  public static let zero = VirtualInstant(nanoseconds: 0)

  public init(nanoseconds: Int64) { self.nanoseconds = nanoseconds }

  /// Saturates at the ends of the range (about 292 years either side of the launch), so a
  /// script's `wait(1e12)` is a long wait rather than a trap.
  public init(seconds: Double) {
    let nanoseconds = (seconds * 1_000_000_000).rounded()
    if nanoseconds.isNaN {
      self.nanoseconds = 0
    } else if nanoseconds >= 0x1p63 {
      self.nanoseconds = .max
    } else if nanoseconds < -0x1p63 {
      self.nanoseconds = .min
    } else {
      self.nanoseconds = Int64(nanoseconds)
    }
  }

  public var seconds: Double { Double(nanoseconds) / 1_000_000_000 }

  public static func < (lhs: Self, rhs: Self) -> Bool { lhs.nanoseconds < rhs.nanoseconds }

  /// Saturates as `init(seconds:)` does.
  public func advanced(by seconds: Double) -> VirtualInstant {
    let step = VirtualInstant(seconds: seconds).nanoseconds
    let (sum, overflow) = nanoseconds.addingReportingOverflow(step)
    return VirtualInstant(nanoseconds: overflow ? (step > 0 ? .max : .min) : sum)
  }

  /// Seconds with up to three decimals and no trailing zeros: `0s`, `1.5s`, `30.125s`.
  public var description: String {
    let milliseconds = (nanoseconds + (nanoseconds >= 0 ? 500_000 : -500_000)) / 1_000_000
    let sign = milliseconds < 0 ? "-" : ""
    let whole = abs(milliseconds) / 1000
    var fraction = String(abs(milliseconds) % 1000)
    guard fraction != "0" else { return "\(sign)\(whole)s" }
    fraction = String(repeating: "0", count: 3 - fraction.count) + fraction
    while fraction.hasSuffix("0") { fraction.removeLast() }
    return "\(sign)\(whole).\(fraction)s"
  }
}

/// The simulated process's clock. It never goes backwards.
public final class VirtualClock {
  /// Every trace line reads it. Private storage: with every access in this file, the optimizer
  /// drops the run-time exclusivity check a public stored property keeps.
  public var now: VirtualInstant { instant }
  private var instant: VirtualInstant = .zero

  public init() {}

  /// Moves time forward; a negative or zero amount leaves it where it is.
  public func advance(by seconds: Double) {
    guard seconds > 0 else { return }
    instant = instant.advanced(by: seconds)
  }

  /// Moves time to `instant` if that is later than now (the clock is set to a task's deadline
  /// before the task runs).
  public func advance(to instant: VirtualInstant) {
    if instant > self.instant { self.instant = instant }
  }
}
