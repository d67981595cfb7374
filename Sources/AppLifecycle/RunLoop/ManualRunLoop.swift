/// The main run loop of the simulated process, on virtual time.
///
/// Like swift-nio's `EmbeddedEventLoop`: time starts at zero and moves only when told; work due at
/// the same instant runs in submission order; the clock is set to a task's deadline before the
/// task runs, so the same scenario gives the same trace on every run and machine. Nothing here
/// uses threads, Dispatch or the wall clock.
public final class ManualRunLoop {
  public let clock: VirtualClock
  // The queue and the cancelled tasks are unchecked for exclusivity: every access is in this
  // file and none spans a call that could reach another (a task runs after it is taken off the
  // queue; the only closures run inside an access read the other property), so the run-time
  // check, paid at every turn of the loop, could never fire.
  @exclusivity(unchecked) private var queue = TaskQueue()
  private var nextSequence: UInt64 = 0
  @exclusivity(unchecked) private var cancelled: Set<UInt64> = []
  private var submissions: UInt64 = 0
  /// Asked before each task runs; an error it throws ends the run as a task's error does, with
  /// the task still queued. A host uses it to stop a long run on the user's request (Ctrl-C).
  public var checkpoint: (() throws -> Void)?

  /// A scheduled piece of work; cancel it with `cancel(_:)`.
  public struct Task: Hashable, Sendable {
    fileprivate let sequence: UInt64
  }

  public init(clock: VirtualClock = VirtualClock()) {
    self.clock = clock
  }

  public var now: VirtualInstant { clock.now }

  /// Whether any work is waiting (due now or later).
  public var hasPendingWork: Bool { queue.contains { !cancelled.contains($0.sequence) } }

  /// When the next waiting work is due.
  public var nextDeadline: VirtualInstant? {
    queue.earliest(where: { !cancelled.contains($0.sequence) })?.deadline
  }

  /// When the next waiting work the app scheduled (`fromApp`: its timers, its
  /// `DispatchQueue.main.asyncAfter`) is due; UIKit's own deadlines are not counted.
  public var nextAppDeadline: VirtualInstant? {
    queue.earliest(where: { $0.fromApp && !cancelled.contains($0.sequence) })?.deadline
  }

  // MARK: Scheduling

  /// Work for the current turn of the loop (`DispatchQueue.main.async`).
  @discardableResult
  public func enqueue(_ work: @escaping () throws -> Void) -> Task {
    schedule(at: now, fromApp: false, work)
  }

  /// Work due `seconds` from now (`DispatchQueue.main.asyncAfter`); a negative delay means now.
  @discardableResult
  public func schedule(
    after seconds: Double, fromApp: Bool = false, _ work: @escaping () throws -> Void
  ) -> Task {
    schedule(at: now.advanced(by: max(0, seconds)), fromApp: fromApp, work)
  }

  /// A timer that fires every `interval` seconds until cancelled (`Timer.scheduledTimer` with
  /// `repeats: true`). As Foundation does, an interval of zero or less becomes 0.1 ms.
  @discardableResult
  public func scheduleRepeating(
    every interval: Double, fromApp: Bool = false, _ work: @escaping () throws -> Void
  ) -> Task {
    let interval = interval > 0 ? interval : 0.0001
    let task = Task(sequence: nextSequence)
    nextSequence += 1
    arm(task, at: now.advanced(by: interval), every: interval, fromApp: fromApp, work)
    return task
  }

  /// Queues the next firing of a repeating timer. A method, not a local function that re-arms
  /// itself: such a function's context holds itself, and with it the timer's work, for good.
  private func arm(
    _ task: Task, at deadline: VirtualInstant, every interval: Double, fromApp: Bool,
    _ work: @escaping () throws -> Void
  ) {
    queue.insert(
      Entry(deadline: deadline, sequence: task.sequence, order: nextOrder(), fromApp: fromApp) {
        [unowned self] in
        try work()
        // Not re-armed when the work invalidated its own timer.
        if cancelled.remove(task.sequence) == nil {
          arm(task, at: deadline.advanced(by: interval), every: interval, fromApp: fromApp, work)
        }
      })
  }

  /// Cancels a task or invalidates a repeating timer; cancelling twice does nothing.
  public func cancel(_ task: Task) {
    cancelled.insert(task.sequence)
  }

  private func schedule(
    at deadline: VirtualInstant, fromApp: Bool, _ work: @escaping () throws -> Void
  ) -> Task {
    let task = Task(sequence: nextSequence)
    nextSequence += 1
    queue.insert(
      Entry(
        deadline: deadline, sequence: task.sequence, order: nextOrder(), fromApp: fromApp,
        work: work))
    return task
  }

  /// Submission order, the tie-break among equal deadlines (a repeating timer's next firing is a
  /// new submission).
  private func nextOrder() -> UInt64 {
    defer { submissions += 1 }
    return submissions
  }

  // MARK: Running

  /// Runs everything due now, including work that running work adds for now; time stays put.
  public func runUntilIdle() throws {
    try run(through: now)
  }

  /// Moves time forward by `seconds`, running every task that falls due on the way, each at its
  /// own deadline; ends with the clock at the target.
  public func advanceTime(by seconds: Double) throws {
    try advanceTime(to: now.advanced(by: max(0, seconds)))
  }

  public func advanceTime(to instant: VirtualInstant) throws {
    try run(through: instant)
    clock.advance(to: instant)
  }

  /// Runs tasks due at or before `limit` in (deadline, submission) order. If a task throws, the
  /// error propagates and the remaining tasks stay queued.
  private func run(through limit: VirtualInstant) throws {
    while let next = queue.earliest(), next.deadline <= limit {
      try checkpoint?()
      queue.removeEarliest()
      if cancelled.remove(next.sequence) != nil { continue }
      clock.advance(to: next.deadline)
      try next.work()
    }
  }
}

// MARK: Queue

private struct Entry {
  let deadline: VirtualInstant
  /// The task this entry belongs to (shared by every firing of a repeating timer).
  let sequence: UInt64
  /// Submission order of this entry.
  let order: UInt64
  /// The app scheduled it (a timer, `asyncAfter`), not UIKit.
  let fromApp: Bool
  let work: () throws -> Void

  func precedes(_ other: Entry) -> Bool {
    deadline != other.deadline ? deadline < other.deadline : order < other.order
  }
}

/// A binary min-heap of entries by (deadline, submission order).
private struct TaskQueue {
  private var heap: [Entry] = []

  func earliest() -> Entry? { heap.first }

  func earliest(where isWanted: (Entry) -> Bool) -> Entry? {
    heap.filter(isWanted).min { $0.precedes($1) }
  }

  func contains(where isWanted: (Entry) -> Bool) -> Bool { heap.contains(where: isWanted) }

  mutating func insert(_ entry: Entry) {
    heap.append(entry)
    var child = heap.count - 1
    while child > 0 {
      let parent = (child - 1) / 2
      guard heap[child].precedes(heap[parent]) else { break }
      heap.swapAt(child, parent)
      child = parent
    }
  }

  mutating func removeEarliest() {
    heap.swapAt(0, heap.count - 1)
    heap.removeLast()
    var parent = 0
    while true {
      let left = 2 * parent + 1
      let right = left + 1
      var smallest = parent
      if left < heap.count, heap[left].precedes(heap[smallest]) { smallest = left }
      if right < heap.count, heap[right].precedes(heap[smallest]) { smallest = right }
      guard smallest != parent else { return }
      heap.swapAt(parent, smallest)
      parent = smallest
    }
  }
}
