/// Everything observable that happened in a run, in order.
public final class Trace {
  public var entries: TraceEntries { stored }

  /// Where the entries' bytes are charged (EngineMemoryEstimate.traceEntry); nil charges nothing.
  ///
  /// They are charged `chargeBatch` bytes or more at a time: a charge is a call through an
  /// existential, with a retain and a release, which every trace line paid. A trace that grows
  /// without bound meets the cap a few dozen lines later than line by line, well within the
  /// grace the cap allows (Documentation/Reference/sandbox.md#memory).
  public var memory: (any EngineMemory)? {
    get { chargedTo }
    set {
      chargePending()
      chargedTo = newValue
    }
  }

  /// The bytes of trace entries charged at once.
  public static let chargeBatch = 4096

  // Private storage behind the public properties, every access in this file. The entries and
  // the bytes not charged yet are unchecked for exclusivity: no access to them spans a call
  // (readers take a copy; `record` charges before it appends, and clears the count before it
  // charges), so the run-time check, paid at every trace line, could never fire.
  @exclusivity(unchecked) private var stored = TraceEntries()
  @exclusivity(unchecked) private var uncharged = 0
  private var chargedTo: (any EngineMemory)?

  public init() {}

  public func record(_ event: consuming TraceEvent, at time: VirtualInstant) {
    uncharged += EngineMemoryEstimate.traceEntry(event)
    if uncharged >= Self.chargeBatch { chargePending() }
    stored.append(TraceEntry(event, at: time))
  }

  /// Charges the bytes of the entries recorded since the last charge. Recording cannot fail:
  /// past the cap, the scenario is stopped at its next instruction.
  @inline(never)
  public func chargePending() {
    let bytes = uncharged
    uncharged = 0
    if bytes > 0, let memory = chargedTo { try? memory.charge(bytes) }
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
