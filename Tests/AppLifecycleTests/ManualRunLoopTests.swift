import AppLifecycle
import Testing

private struct Failure: Error {}

@Suite struct ManualRunLoopTests {
  let loop = ManualRunLoop()

  @Test func workDueAtTheSameInstantRunsInSubmissionOrder() throws {
    var order: [String] = []
    loop.schedule(after: 1) { order.append("timer A") }
    loop.enqueue { order.append("main 1") }
    loop.schedule(after: 1) { order.append("timer B") }
    loop.enqueue { order.append("main 2") }
    try loop.runUntilIdle()
    #expect(order == ["main 1", "main 2"])
    try loop.advanceTime(by: 1)
    #expect(order == ["main 1", "main 2", "timer A", "timer B"])
  }

  @Test func timeMovesOnlyWhenToldAndEachTaskRunsAtItsDeadline() throws {
    var seen: [String] = []
    loop.schedule(after: 2.5) { seen.append("\(self.loop.now)") }
    loop.schedule(after: 0.5) { seen.append("\(self.loop.now)") }
    try loop.runUntilIdle()
    #expect(loop.now == .zero)
    #expect(seen.isEmpty)
    try loop.advanceTime(by: 10)
    #expect(seen == ["0.5s", "2.5s"])
    #expect(loop.now == VirtualInstant(seconds: 10))
  }

  @Test func workAddedForNowWhileRunningRunsInTheSameTurn() throws {
    var order: [Int] = []
    loop.enqueue {
      order.append(1)
      self.loop.enqueue { order.append(3) }
    }
    loop.enqueue { order.append(2) }
    try loop.runUntilIdle()
    #expect(order == [1, 2, 3])
    #expect(!loop.hasPendingWork)
  }

  @Test func repeatingTimersFireEveryIntervalUntilCancelled() throws {
    var fired: [String] = []
    let timer = loop.scheduleRepeating(every: 1) { fired.append("\(self.loop.now)") }
    try loop.advanceTime(by: 3.5)
    #expect(fired == ["1s", "2s", "3s"])
    loop.cancel(timer)
    try loop.advanceTime(by: 5)
    #expect(fired.count == 3)
    #expect(!loop.hasPendingWork)
  }

  @Test func aTimerCanInvalidateItselfFromItsOwnWork() throws {
    var count = 0
    var timer: ManualRunLoop.Task?
    timer = loop.scheduleRepeating(every: 2) {
      count += 1
      if count == 2, let timer { self.loop.cancel(timer) }
    }
    try loop.advanceTime(by: 20)
    #expect(count == 2)
  }

  @Test func aZeroIntervalTimerFiresEveryTenthOfAMillisecondAsFoundationDoes() throws {
    var count = 0
    loop.scheduleRepeating(every: 0) { count += 1 }
    try loop.advanceTime(by: 0.001)
    #expect(count == 10)
  }

  @Test func cancelledWorkDoesNotRun() throws {
    var ran = false
    let task = loop.schedule(after: 1) { ran = true }
    #expect(loop.nextDeadline == VirtualInstant(seconds: 1))
    loop.cancel(task)
    loop.cancel(task)
    #expect(loop.nextDeadline == nil)
    try loop.advanceTime(by: 2)
    #expect(!ran)
  }

  @Test func anErrorStopsTheTurnAndLeavesLaterWorkQueued() throws {
    var ran: [String] = []
    loop.enqueue { throw Failure() }
    loop.enqueue { ran.append("after") }
    #expect(throws: Failure.self) { try loop.runUntilIdle() }
    #expect(ran.isEmpty)
    try loop.runUntilIdle()
    #expect(ran == ["after"])
  }

  @Test func aNegativeDelayMeansNow() throws {
    var ran = false
    loop.schedule(after: -5) { ran = true }
    try loop.runUntilIdle()
    #expect(ran)
    #expect(loop.now == .zero)
  }

  @Test func manyTasksComeOutInDeadlineThenSubmissionOrder() throws {
    var order: [Int] = []
    // Deadlines in a scrambled but deterministic order, with many ties.
    for index in 0..<200 {
      let delay = Double((index * 37) % 11)
      loop.schedule(after: delay) { order.append(index) }
    }
    try loop.advanceTime(by: 20)
    let expected = (0..<200).sorted { a, b in
      let (da, db) = ((a * 37) % 11, (b * 37) % 11)
      return da != db ? da < db : a < b
    }
    #expect(order == expected)
  }

  @Test func aCheckpointThatThrowsStopsTheRunAndLeavesTheTaskQueued() throws {
    var ran: [Int] = []
    var stop = false
    loop.schedule(after: 1) { ran.append(1) }
    loop.schedule(after: 2) { ran.append(2) }
    loop.checkpoint = {
      if stop { throw Failure() }
      stop = true
    }
    #expect(throws: Failure.self) { try loop.advanceTime(by: 10) }
    #expect(ran == [1])
    #expect(loop.now == VirtualInstant(seconds: 1))
    loop.checkpoint = nil
    try loop.advanceTime(by: 10)
    #expect(ran == [1, 2])
  }

  /// A repeating timer's work goes with its run loop, fired or not: a suite's worker runs
  /// thousands of scenarios that leave timers scheduled (it kept each one's work, and what the
  /// work held, for good).
  @Test func aRepeatingTimersWorkGoesWithItsLoop() {
    final class Held {}
    weak var held: Held?
    do {
      let loop = ManualRunLoop()
      let object = Held()
      held = object
      var count = 0
      loop.scheduleRepeating(every: 1) {
        withExtendedLifetime(object) {}
        count += 1
      }
      try? loop.advanceTime(by: 3)
      #expect(count == 3)
    }
    #expect(held == nil)
  }
}
