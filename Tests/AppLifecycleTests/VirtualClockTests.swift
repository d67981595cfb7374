import AppLifecycle
import Testing

@Suite struct VirtualClockTests {
  @Test func timeStartsAtZeroAndMovesOnlyWhenTold() {
    let clock = VirtualClock()
    #expect(clock.now == .zero)
    clock.advance(by: 1.5)
    clock.advance(by: 0)
    clock.advance(by: -3)
    #expect(clock.now.seconds == 1.5)
  }

  @Test func advancingToAnEarlierInstantKeepsTheClockWhereItIs() {
    let clock = VirtualClock()
    clock.advance(to: VirtualInstant(seconds: 10))
    clock.advance(to: VirtualInstant(seconds: 4))
    #expect(clock.now == VirtualInstant(seconds: 10))
  }

  @Test(arguments: [
    (0.0, "0s"), (1.5, "1.5s"), (30.125, "30.125s"), (0.0004, "0s"), (0.0005, "0.001s"),
    (59.99, "59.99s"), (-2.25, "-2.25s"),
  ])
  func instantsPrintAsSecondsWithoutTrailingZeros(seconds: Double, text: String) {
    #expect(VirtualInstant(seconds: seconds).description == text)
  }

  @Test func repeatedSmallStepsDoNotDrift() {
    let clock = VirtualClock()
    for _ in 0..<1000 { clock.advance(by: 0.001) }
    #expect(clock.now == VirtualInstant(seconds: 1))
  }

  @Test func instantsBeyondTheRangeSaturateInsteadOfTrapping() {
    #expect(VirtualInstant(seconds: 1e12).nanoseconds == .max)
    #expect(VirtualInstant(seconds: -1e12).nanoseconds == .min)
    #expect(VirtualInstant(seconds: .nan) == .zero)
    let late = VirtualInstant(seconds: 9e9)
    #expect(late.advanced(by: 9e9).nanoseconds == .max)
    #expect(VirtualInstant(seconds: -9e9).advanced(by: -9e9).nanoseconds == .min)
    #expect(late.advanced(by: 1).nanoseconds == late.nanoseconds + 1_000_000_000)
  }

  @Test func aWaitLongerThanVirtualTimeRunsItsTimersUpToTheEnd() throws {
    let loop = ManualRunLoop()
    var firings = 0
    let timer = loop.scheduleRepeating(every: 4e9) {
      firings += 1
      if firings == 3 { throw CancellationError() }
    }
    #expect(throws: CancellationError.self) { try loop.advanceTime(by: 1e12) }
    loop.cancel(timer)
    #expect(firings == 3)
  }
}
