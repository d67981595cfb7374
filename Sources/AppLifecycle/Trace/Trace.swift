/// Everything observable that happened in a run, in order.
public final class Trace {
  public var entries: [TraceEntry] { stored }

  /// Where each entry's bytes are charged (EngineMemoryEstimate.traceEntry); nil charges nothing.
  public var memory: (any EngineMemory)? {
    get { chargedTo }
    set { chargedTo = newValue }
  }

  // Private storage behind the public properties, every access in this file. The entries are
  // unchecked for exclusivity: no access to them spans a call (readers take a copy; `record`
  // charges the memory before it appends), so the run-time check, paid at every trace line,
  // could never fire.
  @exclusivity(unchecked) private var stored: [TraceEntry] = []
  private var chargedTo: (any EngineMemory)?

  public init() {}

  public func record(_ event: consuming TraceEvent, at time: VirtualInstant) {
    if let memory = chargedTo {
      // Recording cannot fail: past the cap, the scenario is stopped at its next instruction.
      try? memory.charge(EngineMemoryEstimate.traceEntry(event))
    }
    stored.append(TraceEntry(event, at: time))
  }

  /// The trace as lines, selectors in the given spelling: by default the lines expectations and
  /// golden traces compare, without what the scenario did and what UIKit skipped.
  public func lines(spelling: SelectorSpelling = .objectiveC, detail: TraceDetail = .checked)
    -> [String]
  {
    // One read, not an access spanning the closure (which would keep `record`'s check).
    let entries = stored
    return entries.compactMap {
      $0.event.detail <= detail ? $0.event.line(spelling: spelling) : nil
    }
  }

  /// Records what the scenario did as the user or the system (`device home`, `wait 30 s`).
  public func recordAction(_ text: String, at time: VirtualInstant) {
    record(.action(text), at: time)
  }
}
