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
}
