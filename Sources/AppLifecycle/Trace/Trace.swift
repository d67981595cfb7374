/// Everything observable that happened in a run, in order.
public final class Trace {
  public private(set) var entries: [TraceEntry] = []

  public init() {}

  public func record(_ event: consuming TraceEvent, at time: VirtualInstant) {
    entries.append(TraceEntry(event, at: time))
  }

  /// The trace as lines, selectors in the given spelling.
  public func lines(spelling: SelectorSpelling = .objectiveC) -> [String] {
    entries.map { $0.event.line(spelling: spelling) }
  }
}
