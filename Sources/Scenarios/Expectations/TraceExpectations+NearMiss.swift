import AppLifecycle

extension TraceExpectations {
  /// Where a line that did not come nearly was, and what to say about it
  /// (Documentation/Reference/scenario-language.md#what-uikit-skipped).
  struct NearMiss {
    /// The index in the trace of the closest line: the failure's context centres on it.
    var index: Int
    var notes: [String]
  }

  /// The line closest to `line` among `entries` (a range of the trace), best first:
  /// - a message UIKit skipped because the receiver's class does not implement it, with a hint
  ///   naming the method the class defines instead when one nearly matches (a misspelling);
  /// - a line that nearly matches the expected text (a near misspelling of the expectation, or
  ///   the same selector sent to a class of a near name).
  func nearMiss(for line: ExpectedLine, in entries: Range<Int>) -> NearMiss? {
    let trace = trace.entries
    for index in entries {
      guard case .skipped(let receiverClass, let selector) = trace[index].event,
        line.matches(.message(receiverClass: receiverClass, selector: selector))
      else { continue }
      let luaName = SelectorSpelling.luaName(of: selector.name)
      var notes = [
        "hint: \(receiverClass) does not implement \(selector.name) (\(luaName)), so UIKit skipped it at t = \(trace[index].time)"
      ]
      let defined = definedMethods(receiverClass).sorted()
      if let misspelled = defined.first(where: {
        AppLifecycle.NearMiss.suggestion(for: $0, among: [selector.name]) != nil
      }) {
        notes.append("hint: \(receiverClass) defines \(misspelled): did you mean \(luaName)?")
      }
      return NearMiss(index: index, notes: notes)
    }
    // The text of each candidate line, as the expectation would have to be written to match it.
    var candidates: [String: Int] = [:]
    for index in entries.reversed() {
      let event = trace[index].event
      if line.isSelectorOnly {
        guard let selector = event.selector else { continue }
        candidates[selector.name] = index
      } else if event.kind == line.kind, event.kind != .skipped {
        candidates[event.line()] = index
      }
    }
    guard
      let closest = AppLifecycle.NearMiss.closest(
        to: line.text, among: candidates.keys.sorted()),
      let index = candidates[closest]
    else { return nil }
    let shown = line.isSelectorOnly ? closest : trace[index].event.line()
    return NearMiss(
      index: index, notes: ["hint: did you mean \(shown)? It came at t = \(trace[index].time)"])
  }
}
