import XcodeFiles

/// Where the engine charges the memory it holds for a scenario outside the script language's own
/// heap: strings and other values kept as instance variables, classes a scenario defines, trace
/// entries. The embedding layer counts them against the scenario's memory cap
/// (Documentation/Reference/sandbox.md#memory).
public protocol EngineMemory: AnyObject {
  /// Charges bytes the engine now holds. Throws the memory limit's error when the scenario's
  /// memory passes its cap; the scenario is then stopped even when the caller cannot throw.
  func charge(_ bytes: Int) throws
  /// Gives back bytes charged earlier that the engine no longer holds.
  func credit(_ bytes: Int)
}

/// Bytes charged for as long as this token lives: the engine keeps it with what it charges for (an
/// observer, a run loop's queued work), and the bytes are given back when both go.
///
/// It holds the memory strongly: an `EngineMemory` must not keep what holds these tokens alive
/// (the scenario's charges reach its Lua state through a link), and a weak reference would give
/// it a side table, which slows every retain and release of it, one at each trace line.
public final class EngineMemoryCharge {
  private let memory: (any EngineMemory)?
  private let bytes: Int

  /// Charges `bytes` to `memory` (nothing when it is nil); throws the memory limit's error, and
  /// charges nothing, when the scenario's memory passes its cap.
  public init(_ bytes: Int, to memory: (any EngineMemory)?) throws {
    try memory?.charge(bytes)
    self.memory = memory
    self.bytes = bytes
  }

  deinit { memory?.credit(bytes) }
}

/// Estimates of what the engine holds, in bytes: a fixed overhead per stored item plus the bytes
/// of its text. They count what a scenario makes grow (long strings, many entries), not the exact
/// layout of Swift's collections.
public enum EngineMemoryEstimate {
  /// Overhead of one stored item (a dictionary slot, an array element, a String's storage header).
  public static let item = 48

  /// A string kept by the engine.
  public static func text(_ text: String) -> Int { item + text.utf8.count }

  /// A value kept as an instance variable under `name`. Objects and classes count as references
  /// (they are charged where they are made); arrays and dictionaries count their elements.
  public static func field(_ name: String, _ value: RuntimeValue) -> Int {
    text(name) + self.value(value)
  }

  public static func value(_ value: RuntimeValue) -> Int {
    switch value {
    case .string(let string): text(string)
    case .array(let items): item + items.reduce(0) { $0 + self.value($1) }
    case .dictionary(let fields): item + fields.reduce(0) { $0 + field($1.key, $1.value) }
    case .selector(let selector): text(selector.name)
    default: item
    }
  }

  /// An observer of the notification center: its entry, its closure and the name it observes.
  public static func observer(_ name: String?) -> Int { 2 * item + (name.map(text) ?? 0) }

  /// Work a run loop keeps for later (a timer, `DispatchQueue.main:async`): its queue entry, its
  /// closure, the reference to the script's function, and the timer object.
  public static let scheduledWork = 4 * item

  /// A property list the device stores for the app (a user default's value).
  public static func propertyList(_ value: PlistValue) -> Int {
    switch value {
    case .string(let string): text(string)
    case .array(let items): item + items.reduce(0) { $0 + propertyList($1) }
    case .dictionary(let fields):
      item + fields.reduce(0) { $0 + text($1.key) + propertyList($1.value) }
    case .bool, .integer, .real: item
    }
  }

  /// One trace entry: the entry itself and the text it carries (a log line, an action, an
  /// exception's reason). A notification's name is UIKit's constant, or charged by the script's
  /// post.
  public static func traceEntry(_ event: TraceEvent) -> Int {
    let size = MemoryLayout<TraceEntry>.stride
    switch event {
    case .log(let text), .action(let text), .terminated(let text), .project(let text):
      return size + text.utf8.count
    case .exception(let exception): return size + item + exception.description.utf8.count
    case .ignored(let event, let reason): return size + event.utf8.count + reason.utf8.count
    default: return size
    }
  }
}
