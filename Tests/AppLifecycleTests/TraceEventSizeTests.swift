import Testing

@testable import AppLifecycle

@Suite struct TraceEventSizeTests {
  /// Runs record millions of events; a large payload in one case makes every entry that large.
  @Test func aTraceEntryStaysSmall() {
    // A message line (class name and selector) and its time: 56 bytes.
    #expect(MemoryLayout<TraceEntry>.stride <= 56)
  }
}
