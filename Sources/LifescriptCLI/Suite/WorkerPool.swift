import Scenarios

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// What a suite's workers report, as it happens.
enum SuiteEvent {
  /// A scenario wrote to its standard output or error.
  case output(SuiteJob, OutputStream, String)
  /// A scenario, or one named test of it, ended; `seconds` of wall-clock time from when it was
  /// handed to a worker, or from the end of the test before it.
  case finished(SuiteJob, ScenarioOutcome, seconds: Double)
  /// A scenario's job ended, after the outcomes of its cases (none when `--filter` left none).
  case ended(SuiteJob)

  enum OutputStream { case standardOutput, standardError }
}

/// Runs a suite's jobs on worker processes (`lifescript worker`), as many at once as asked.
///
/// A worker runs one job at a time and takes the next when it answers, so the work balances
/// itself. A worker that dies or overstays `timeout` fails the job it was running (the suite
/// knows which) and is replaced; the suite goes on.
final class WorkerPool {
  private let count: Int
  private let arguments: [String]
  private let timeout: Int?
  private var workers: [WorkerProcess] = []
  /// The jobs not handed out yet, each made when a worker asks for it.
  private var pending: Slice<SuiteJobs> = SuiteJobs(selected: [], whole: [], rounds: 1)[...]
  private var stopping = false

  /// `arguments` follow `lifescript worker`; `timeout` is in seconds per scenario.
  init(count: Int, arguments: [String], timeout: Int?) {
    self.count = max(count, 1)
    self.arguments = arguments
    self.timeout = timeout
  }

  /// Runs `jobs`, calling `report` for each event; with `stopAfterFailure`, hands out no more
  /// jobs once one has not passed. Returns the jobs never handed out.
  func run(
    _ jobs: SuiteJobs, stopAfterFailure: Bool, report: (SuiteEvent) -> Void
  ) throws(SuiteUsageError) -> Slice<SuiteJobs> {
    // A worker that dies while the suite writes it a job must not kill the suite.
    signal(SIGPIPE, SIG_IGN)
    pending = jobs[...]
    for _ in 0..<min(count, jobs.count) {
      let worker = try WorkerProcess(arguments: arguments)
      workers.append(worker)
      dispatch(to: worker)
    }
    while workers.contains(where: { $0.job != nil }) {
      var descriptors: [pollfd] = []
      var owners: [(WorkerProcess, WorkerProcess.Channel)] = []
      for worker in workers {
        for (channel, descriptor) in worker.openChannels {
          descriptors.append(pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0))
          owners.append((worker, channel))
        }
      }
      let ready = poll(&descriptors, nfds_t(descriptors.count), pollTimeout())
      if ready < 0 && errno != EINTR {
        throw SuiteUsageError("lifescript test: poll failed: \(String(cString: strerror(errno)))")
      }
      for (slot, descriptor) in descriptors.enumerated() where descriptor.revents != 0 {
        let (worker, channel) = owners[slot]
        switch channel {
        case .standardOutput, .standardError:
          forward(channel, of: worker, report: report)
        case .results:
          worker.readResults()
        }
      }
      for worker in workers { settle(worker, stopAfterFailure: stopAfterFailure, report: report) }
      workers.removeAll { $0.exited && $0.job == nil }
    }
    for worker in workers { worker.finish() }
    workers.removeAll()
    return pending
  }

  /// Handles what a worker has finished: a complete answer, its death, or its time running out.
  private func settle(
    _ worker: WorkerProcess, stopAfterFailure: Bool, report: (SuiteEvent) -> Void
  ) {
    guard let job = worker.job else { return }
    var outcome: ScenarioOutcome?
    var ended = false
    while !ended, let answer = worker.takeAnswer() {
      guard answer.index == job.index else {
        outcome = ScenarioOutcome(
          status: .error,
          failure: "\(job.path): the worker's answer for this scenario was unreadable")
        ended = true
        break
      }
      if let starting = answer.starting {
        // The time limit is per test.
        worker.running = starting
        worker.restartClock()
        continue
      }
      guard answer.isCase, let test = answer.outcome else {
        outcome = answer.outcome
        ended = true
        break
      }
      worker.running = nil
      // The worker waits for `next`, so the pipes hold exactly what this test printed.
      flushOutput(of: worker, report: report)
      report(.finished(job, test, seconds: worker.lap()))
      if stopAfterFailure && !test.status.passes { stopping = true }
      worker.next()
    }
    // A crash or a time limit in the middle of a named test is that test's error.
    let running = worker.running
    let name = running.map { "\(job.path) › \($0.name)" } ?? job.path
    if !ended, worker.resultsClosed {
      flushOutput(of: worker, report: report)
      outcome = ScenarioOutcome(status: .error, failure: worker.reapAndDescribe(name))
    } else if !ended, let timeout, worker.elapsed >= Double(timeout) {
      worker.kill()
      flushOutput(of: worker, report: report)
      outcome = ScenarioOutcome(
        status: .error, failure: RunSettings.timeLimitMessage(file: name, seconds: timeout))
    }
    if !ended, outcome != nil, let running {
      outcome?.test = running.name
      outcome?.testLine = running.line
    }
    guard ended || outcome != nil else { return }
    let seconds = worker.lap()
    flushOutput(of: worker, report: report)
    worker.job = nil
    if let outcome {
      report(.finished(job, outcome, seconds: seconds))
      if stopAfterFailure && !outcome.status.passes { stopping = true }
    }
    report(.ended(job))
    if worker.exited {
      guard !stopping, !pending.isEmpty, let fresh = try? WorkerProcess(arguments: arguments)
      else { return }
      workers.append(fresh)
      dispatch(to: fresh)
    } else {
      dispatch(to: worker)
    }
  }

  private func dispatch(to worker: WorkerProcess) {
    guard !stopping, let job = pending.popFirst() else { return }
    worker.start(job)
  }

  /// Output already in the pipes belongs to the job that is ending.
  private func flushOutput(of worker: WorkerProcess, report: (SuiteEvent) -> Void) {
    forward(.standardOutput, of: worker, report: report, ending: true)
    forward(.standardError, of: worker, report: report, ending: true)
  }

  /// What a worker's output channel holds now, reported against the job it is running; while
  /// the job goes on, a character cut by the pipe waits for the rest of its bytes.
  private func forward(
    _ channel: WorkerProcess.Channel, of worker: WorkerProcess, report: (SuiteEvent) -> Void,
    ending: Bool = false
  ) {
    guard let text = worker.drain(channel, ending: ending), let job = worker.job else { return }
    report(.output(job, channel == .standardOutput ? .standardOutput : .standardError, text))
  }

  /// Milliseconds until the first running job's time is up (-1: wait for output).
  private func pollTimeout() -> Int32 {
    guard let timeout else { return -1 }
    let remaining = workers.filter { $0.job != nil }.map { Double(timeout) - $0.elapsed }.min()
    guard let remaining else { return -1 }
    return Int32(max(0, min(remaining * 1000 + 1, 60_000)))
  }
}

/// One `lifescript worker` child and the four pipes to it.
final class WorkerProcess {
  enum Channel { case standardOutput, standardError, results }

  let pid: pid_t
  private var input: Int32
  private var descriptors: [Channel: Int32]
  private var resultBytes: [UInt8] = []
  /// The first bytes of a character the pipe cut, by channel.
  private var cutCharacters: [Channel: [UInt8]] = [:]
  var job: SuiteJob?
  private var started = 0.0
  /// When the test that is running began.
  private var lapStarted = 0.0
  /// The named test running now, as the worker said when it started it.
  var running: (name: String, line: Int)?
  private(set) var exited = false
  private(set) var resultsClosed = false
  private(set) var exitStatus: Int32 = 0
  /// The worker left through the C library's `exit` (its own end, or a scenario's `os.exit`),
  /// as the marker its `atexit` handler sends says: an exit status without it is a crash that a
  /// crash handler or a sanitizer turned into one.
  private(set) var exitedThroughExit = false

  var openChannels: [(Channel, Int32)] {
    [Channel.standardOutput, .standardError, .results].compactMap { channel in
      descriptors[channel].map { (channel, $0) }
    }
  }

  var elapsed: Double { monotonicSeconds() - started }

  init(arguments: [String]) throws(SuiteUsageError) {
    // Child ends: 0 jobs in, 1 and 2 what scenarios print, 3 the outcomes.
    var childEnds: [Int32] = []
    var parentEnds: [Int32] = []
    for direction in 0..<4 {
      var ends: [Int32] = [0, 0]
      // The suite is single-threaded, so setting close-on-exec after pipe() races nothing.
      guard pipe(&ends) == 0 else {
        throw SuiteUsageError(
          "lifescript test: cannot start a worker: \(String(cString: strerror(errno)))")
      }
      for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
      let (child, parent) = direction == 0 ? (ends[0], ends[1]) : (ends[1], ends[0])
      // Above the descriptors the child's ends are moved to, so no dup2 is a no-op.
      childEnds.append(Self.moveHigh(child))
      parentEnds.append(parent)
    }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    for (target, end) in childEnds.enumerated() {
      posix_spawn_file_actions_adddup2(&actions, end, Int32(target))
    }
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var defaults = sigset_t()
    sigemptyset(&defaults)
    sigaddset(&defaults, SIGPIPE)
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF))

    let executable = Self.executablePath
    let argv = ([executable, "worker"] + arguments).map { strdup($0) } + [nil]
    defer { for argument in argv { free(argument) } }
    // Swift's crash handler spends seconds symbolicating (a minute for a large binary), against
    // the scenario's time limit, and lets a worker sent SIGSEGV by another process go on as if
    // nothing happened: a worker dies of its crash at once, reported as one. A SWIFT_BACKTRACE
    // of the user's own is kept (Documentation/Reference/commands.md#lifescript-test-path).
    let environment = Self.workerEnvironment()
    defer { for variable in environment { free(variable) } }
    var pid = pid_t()
    let spawned = posix_spawn(&pid, executable, &actions, &attributes, argv, environment + [nil])
    for end in childEnds { close(end) }
    guard spawned == 0 else {
      for end in parentEnds { close(end) }
      throw SuiteUsageError(
        "lifescript test: cannot start a worker (\(executable)): \(String(cString: strerror(spawned)))"
      )
    }
    self.pid = pid
    input = parentEnds[0]
    descriptors = [
      .standardOutput: parentEnds[1], .standardError: parentEnds[2], .results: parentEnds[3],
    ]
    for descriptor in parentEnds.dropFirst() {
      _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
    }
  }

  func start(_ job: SuiteJob) {
    self.job = job
    running = nil
    started = monotonicSeconds()
    lapStarted = started
    let line = WorkerWire.job(
      job.index, [job.wholeFile ? "file" : "tests", job.path], escapingTabs: false)
    // A worker that is already gone shows as its results pipe closing.
    _ = Worker.write(line, to: input)
  }

  /// Writes `bytes` to the worker's input (an explore job: ExploreWire); false if it is gone.
  func send(_ bytes: [UInt8]) -> Bool { Worker.write(bytes, to: input) }

  /// A complete record of one of `kinds` or a malformed one, if one has arrived; the exit
  /// marker is noted and passed over.
  func takeRecord(kinds: [Substring]) -> WorkerWire.Taken? {
    while true {
      let taken = WorkerWire.takeRecord(from: &resultBytes, kinds: kinds)
      guard taken == .exitMarker else { return taken }
      exitedThroughExit = true
    }
  }

  /// Seconds since the running test (or job) began; the next one begins now.
  func lap() -> Double {
    let now = monotonicSeconds()
    defer { lapStarted = now }
    return now - lapStarted
  }

  /// The time limit counts from now: a named test started.
  func restartClock() { started = monotonicSeconds() }

  /// Lets the worker go on to the next test of its job.
  func next() {
    _ = Worker.write(Array((WorkerWire.next + "\n").utf8), to: input)
  }

  /// Everything readable now on an output channel, or nil if nothing was. Unless the channel
  /// closed or the job is `ending`, a UTF-8 sequence cut at the end waits for its other bytes.
  func drain(_ channel: Channel, ending: Bool = false) -> String? {
    var bytes = cutCharacters.removeValue(forKey: channel) ?? []
    if let descriptor = descriptors[channel] {
      // While the job goes on, a worker that prints without end keeps the pipe readable: one
      // drain takes a piece, and the next poll the rest, so the parent never holds more than a
      // piece however much is printed. At the job's end the worker waits, and what is left is
      // at most a pipe's worth.
      let open = readAvailable(descriptor, into: &bytes, atMost: ending ? .max : Self.drainPiece)
      if !open {
        closeChannel(channel)
      } else if !ending {
        let whole = Self.wholeCharacterPrefix(bytes)
        if whole < bytes.count {
          cutCharacters[channel] = Array(bytes[whole...])
          bytes.removeSubrange(whole...)
        }
      }
    }
    return bytes.isEmpty ? nil : String(decoding: bytes, as: UTF8.self)
  }

  /// The length of `bytes` without a UTF-8 sequence that its last bytes begin but do not end.
  static func wholeCharacterPrefix(_ bytes: [UInt8]) -> Int {
    // A lead byte at most three bytes from the end may still be waiting for continuations.
    var index = bytes.count - 1
    while index >= 0, index >= bytes.count - 3, bytes[index] & 0xC0 == 0x80 { index -= 1 }
    guard index >= 0 else { return bytes.count }
    let lead = bytes[index]
    let length =
      switch lead {
      case 0xC2...0xDF: 2
      case 0xE0...0xEF: 3
      case 0xF0...0xF4: 4
      default: 1
      }
    return bytes.count - index < length ? index : bytes.count
  }

  func readResults() {
    guard let descriptor = descriptors[.results] else { return }
    if !readAvailable(descriptor, into: &resultBytes) {
      closeChannel(.results)
      resultsClosed = true
    }
  }

  /// What the worker said about its job, in order.
  struct Answer {
    var index: Int
    /// A named test started (`S`): its name and line.
    var starting: (name: String, line: Int)?
    /// A named test's outcome (`C`), rather than the end of the job (`R`).
    var isCase = false
    /// The test's outcome, or the file's as a whole at the end (nil when its tests said
    /// everything).
    var outcome: ScenarioOutcome?
  }

  /// A complete answer, if one has arrived.
  func takeAnswer() -> Answer? {
    let unreadable = Answer(index: -1, outcome: ScenarioOutcome(status: .error))
    switch takeRecord(kinds: ["R", "C", "S"]) {
    case nil: return nil
    case .malformed, .exitMarker: return unreadable
    case .record(kind: "S", let index, let body):
      guard let fields = WorkerWire.Fields(decoding: body), let name = fields["test"],
        let line = fields["test_line"].flatMap({ Int($0) })
      else { return unreadable }
      return Answer(index: index, starting: (name, line))
    case .record(kind: "R", let index, let body) where body.isEmpty:
      return Answer(index: index)
    case .record(let kind, let index, let body):
      guard let outcome = ScenarioOutcome(decoding: body) else { return unreadable }
      return Answer(index: index, isCase: kind == "C", outcome: outcome)
    }
  }

  /// The worker's results pipe closed mid-job: waits for it and says how it ended, naming the
  /// scenario (`path`, or `path › test`).
  func reapAndDescribe(_ name: String) -> String {
    reap()
    return Self.describeEnd(of: name, status: exitStatus, exitedThroughExit: exitedThroughExit)
  }

  /// How a worker that died in the middle of `name` ended, from its wait status: a crash (a
  /// crash signal, or an exit status it did not give through `exit`, as a sanitizer's report
  /// gives), a kill, or the scenario's own `os.exit`. Each is an error, never a failed
  /// expectation.
  static func describeEnd(of name: String, status: Int32, exitedThroughExit: Bool) -> String {
    if status & 0x7f != 0 {
      let signal = status & 0x7f
      let crashed = [SIGSEGV, SIGILL, SIGABRT, SIGBUS, SIGFPE, SIGTRAP].contains(signal)
      return
        "\(name): the worker process running this scenario \(crashed ? "crashed with" : "was killed by") signal \(signal) (\(Self.signalName(signal)))"
    }
    let code = (status >> 8) & 0xff
    guard exitedThroughExit else {
      return
        "\(name): the worker process running this scenario crashed (exit status \(code), given by a crash handler or a sanitizer, not by exit; its report is in the error output)"
    }
    return
      "\(name): the scenario ended its worker process (exit status \(code)) before it finished; scenarios must not exit the process (os.exit)"
  }

  func kill() {
    _ = Glibc.kill(pid, SIGKILL)
    reap()
  }

  /// Closes the worker's input, so it exits, and waits for it.
  func finish() {
    if input >= 0 {
      close(input)
      input = -1
    }
    for channel in [Channel.standardOutput, .standardError, .results] { closeChannel(channel) }
    reap()
  }

  /// Whether the worker has ended, without waiting: a process it started (`os.execute` with
  /// --allow-io) may hold its pipes open after it died.
  func hasEnded() -> Bool {
    guard !exited else { return true }
    var status: Int32 = 0
    guard waitpid(pid, &status, WNOHANG) == pid else { return false }
    exitStatus = status
    exited = true
    resultsClosed = true
    return true
  }

  private func reap() {
    guard !exited else { return }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    exitStatus = status
    exited = true
    if input >= 0 {
      close(input)
      input = -1
    }
    resultsClosed = true
  }

  private func closeChannel(_ channel: Channel) {
    guard let descriptor = descriptors.removeValue(forKey: channel) else { return }
    close(descriptor)
  }

  /// Appends what can be read without blocking; false at end of file.
  /// The most one drain of an output channel takes while its job goes on.
  static let drainPiece = 256 << 10

  /// Reads what is readable now, up to `atMost` bytes more (then stops, the rest left in the
  /// pipe); false when the channel closed.
  private func readAvailable(
    _ descriptor: Int32, into bytes: inout [UInt8], atMost limit: Int = .max
  ) -> Bool {
    // Uninitialized: zeroing 64 KiB at every read was most of what the parent spent per file.
    withUnsafeTemporaryAllocation(byteCount: 64 << 10, alignment: 1) { chunk in
      var taken = 0
      while taken < limit {
        let count = read(descriptor, chunk.baseAddress, chunk.count)
        if count > 0 {
          bytes += UnsafeRawBufferPointer(rebasing: chunk[..<count])
          taken += count
          continue
        }
        if count == 0 { return false }
        if errno == EINTR { continue }
        return errno == EAGAIN || errno == EWOULDBLOCK
      }
      return true
    }
  }

  private static func moveHigh(_ descriptor: Int32) -> Int32 {
    guard descriptor < 10 else { return descriptor }
    let moved = fcntl(descriptor, F_DUPFD_CLOEXEC, 10)
    guard moved >= 0 else { return descriptor }
    close(descriptor)
    return moved
  }

  static let executablePath: String = {
    var buffer = [CChar](repeating: 0, count: 4096)
    let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
    guard count > 0 else { return CommandLine.arguments[0] }
    return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }()

  /// This process's environment, with `SWIFT_BACKTRACE=enable=no` unless it sets
  /// SWIFT_BACKTRACE. The caller frees each string.
  static func workerEnvironment() -> [UnsafeMutablePointer<CChar>?] {
    var variables: [UnsafeMutablePointer<CChar>?] = []
    var ownBacktrace = false
    var cursor = environ
    while let variable = cursor.pointee {
      if strncmp(variable, "SWIFT_BACKTRACE=", 16) == 0 { ownBacktrace = true }
      variables.append(strdup(variable))
      cursor += 1
    }
    if !ownBacktrace { variables.append(strdup("SWIFT_BACKTRACE=enable=no")) }
    return variables
  }

  static func signalName(_ signal: Int32) -> String {
    let names: [Int32: String] = [
      SIGSEGV: "SIGSEGV", SIGABRT: "SIGABRT", SIGKILL: "SIGKILL", SIGBUS: "SIGBUS",
      SIGILL: "SIGILL", SIGFPE: "SIGFPE", SIGTERM: "SIGTERM", SIGTRAP: "SIGTRAP",
      SIGINT: "SIGINT",
    ]
    return names[signal] ?? "signal \(signal)"
  }
}

func monotonicSeconds() -> Double {
  var now = timespec()
  clock_gettime(CLOCK_MONOTONIC, &now)
  return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
}
