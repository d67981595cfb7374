import ArgumentParser
import LuaBridge
import Scenarios

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// `lifescript explore`'s paths on worker processes: the same `lifescript worker` processes as
/// `lifescript test`'s, started with `--explore FILE` (Documentation/Reference/explore.md#on-every-core).
///
/// In `WorkerWire`'s shapes, a job is one line on the worker's standard input: its index, a
/// tab, `c` when its coverage counts from the start of the file (else `-`), then a tab before
/// each step's name and its Lua statement (escaped: `\\`, `\n`, `\r`, `\t`). The worker runs
/// the path in a fresh scenario and answers on file descriptor 3 with `E <index> <length>\n`
/// and the outcome's fields: `broken`, one `hash` per trace hash, `next` and `code` for each
/// event that can happen at the end, `state`, and what it reached that it had not sent yet
/// (`message`, `reached`, `transition`, `handler`).
enum ExploreWire {
  static func job(_ index: Int, _ job: ExplorePathJob) -> [UInt8] {
    var fields = [job.coverageFromStart ? "c" : "-"]
    for step in job.path { fields += [step.name, step.code] }
    return WorkerWire.job(index, fields, escapingTabs: true)
  }

  static func decodeJob(_ line: String) -> (Int, ExplorePathJob)? {
    guard let (index, fields) = WorkerWire.job(line), fields.count % 2 == 1,
      fields[0] == "c" || fields[0] == "-"
    else { return nil }
    var path: [ExploreStep] = []
    var position = 1
    while position < fields.count {
      path.append(
        ExploreStep(
          name: WorkerWire.unescape(fields[position]),
          code: WorkerWire.unescape(fields[position + 1])))
      position += 2
    }
    return (index, ExplorePathJob(path: path, coverageFromStart: fields[0] == "c"))
  }

  static func answer(_ outcome: ExplorePathOutcome, coverage: ExploreCoverage) -> [UInt8] {
    var fields = WorkerWire.Fields()
    if outcome.broken { fields.append("broken", "1") }
    fields.append("hash", outcome.traceHashes.map { String($0) })
    for step in outcome.next {
      fields.append("next", step.name)
      fields.append("code", step.code)
    }
    if let state = outcome.state { fields.append("state", state) }
    fields.append("message", coverage.messages.sorted())
    fields.append("reached", coverage.states.sorted())
    fields.append("transition", coverage.transitions.sorted())
    fields.append("handler", coverage.handlers.sorted())
    return fields.encoded
  }

  static func decodeAnswer(_ body: ArraySlice<UInt8>) -> ExplorePathOutcome? {
    guard let fields = WorkerWire.Fields(decoding: body)?.entries else { return nil }
    var outcome = ExplorePathOutcome()
    var messages: Set<String> = []
    var states: Set<String> = []
    var transitions: Set<String> = []
    var handlers: Set<String> = []
    var name: String?
    for (key, value) in fields {
      switch key {
      case "broken": outcome.broken = true
      case "hash":
        guard let hash = UInt64(value) else { return nil }
        outcome.traceHashes.append(hash)
      case "next": name = value
      case "code":
        guard let stepName = name else { return nil }
        outcome.next.append(ExploreStep(name: stepName, code: value))
        name = nil
      case "state": outcome.state = value
      case "message": messages.insert(value)
      case "reached": states.insert(value)
      case "transition": transitions.insert(value)
      case "handler": handlers.insert(value)
      default: return nil
      }
    }
    guard name == nil else { return nil }
    outcome.coverage = ExploreCoverage(
      messages: messages, states: states, transitions: transitions, handlers: handlers)
    return outcome
  }

  /// The status a worker ends with when a path overstays the time limit (its watchdog wrote the
  /// message): the explorer tells it from a crash by it.
  static let timeLimitStatus: Int32 = 3

  /// In a worker started with `--explore FILE`: runs the jobs on standard input until it ends.
  /// Each path has the whole time limit (`timeout`), as it has in the explorer's own process.
  static func serve(file: String, options: ScenarioOptions, timeout: Int?) throws {
    var input = LineReader(descriptor: 0)
    var sent = ExploreCoverage()
    while let line = input.next() {
      guard let (index, job) = decodeJob(line) else {
        Console.writeError("lifescript worker: malformed explore job: \(line)\n")
        throw ExitCode(2)
      }
      if let timeout {
        LuaWatchdog.start(
          seconds: timeout,
          message: Explore.timeLimitMessage(file: file, seconds: timeout, path: job.path),
          status: timeLimitStatus)
      }
      let outcome = ExplorePathOutcome(running: job, of: file, options: options)
      LuaWatchdog.cancel()
      let fresh = outcome.coverage.subtracting(sent)
      sent.merge(fresh)
      guard Worker.send("E", index, answer(outcome, coverage: fresh)) else { throw ExitCode(2) }
    }
  }
}

/// Runs each level's paths on `count` worker processes, a few queued on each so none waits,
/// and hands their outcomes to the search in the level's order.
final class ExploreWorkerRunner: ExplorePathRunner {
  private let count: Int
  private let arguments: [String]
  private var workers: [WorkerProcess] = []
  /// The jobs each worker has been given and not answered yet, oldest first.
  private var queued: [ObjectIdentifier: [Int]] = [:]
  /// How many jobs a worker holds at once.
  static let depth = 8

  init(count: Int, arguments: [String]) {
    self.count = max(count, 1)
    self.arguments = arguments
  }

  deinit { stop() }

  /// Lets the workers go: their input closes and they exit.
  func finish() {
    for worker in workers { worker.finish() }
    workers.removeAll()
    queued.removeAll()
  }

  /// Kills the workers, whatever they are running.
  func stop() {
    for worker in workers { worker.kill() }
    workers.removeAll()
    queued.removeAll()
  }

  func run(
    _ count: Int, job: (Int) -> ExplorePathJob, each: (Int, ExplorePathOutcome) -> Bool
  ) throws(ExploreRunnerError) {
    signal(SIGPIPE, SIG_IGN)
    while workers.count < min(self.count, count) {
      do {
        workers.append(try WorkerProcess(arguments: arguments))
      } catch {
        stop()
        throw ExploreRunnerError(
          error.message.replacing("lifescript test:", with: "lifescript explore:"))
      }
    }
    var nextJob = 0
    var nextToHand = 0
    var finished: [Int: ExplorePathOutcome] = [:]
    // The paths given out and not answered yet, to name one whose worker dies.
    var paths: [Int: [ExploreStep]] = [:]
    func feed(_ worker: WorkerProcess) {
      var held = queued[ObjectIdentifier(worker), default: []]
      while held.count < Self.depth, nextJob < count {
        let given = job(nextJob)
        paths[nextJob] = given.path
        _ = worker.send(ExploreWire.job(nextJob, given))
        held.append(nextJob)
        nextJob += 1
      }
      queued[ObjectIdentifier(worker)] = held
    }
    for worker in workers { feed(worker) }
    while nextToHand < count {
      var descriptors: [pollfd] = []
      var owners: [(WorkerProcess, WorkerProcess.Channel)] = []
      for worker in workers {
        for (channel, descriptor) in worker.openChannels {
          descriptors.append(pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0))
          owners.append((worker, channel))
        }
      }
      // A worker's death shows as its results pipe closing, unless a process it started holds
      // the pipe: it is also looked for twice a second.
      let ready = poll(&descriptors, nfds_t(descriptors.count), 500)
      if ready < 0 && errno != EINTR {
        stop()
        throw ExploreRunnerError(
          "lifescript explore: poll failed: \(String(cString: strerror(errno)))")
      }
      for (slot, descriptor) in descriptors.enumerated() where descriptor.revents != 0 {
        let (worker, channel) = owners[slot]
        switch channel {
        case .standardOutput:
          if let text = worker.drain(channel) { Console.writeOutput(text) }
        case .standardError:
          if let text = worker.drain(channel) { Console.writeError(text) }
        case .results:
          worker.readResults()
        }
      }
      for worker in workers {
        // What an ended worker wrote before it ended is still to be read.
        let ended = worker.hasEnded()
        if ended { worker.readResults() }
        while let taken = worker.takeRecord(kinds: ["E"]) {
          var held = queued[ObjectIdentifier(worker), default: []]
          guard case .record(_, let index, let body) = taken,
            let outcome = ExploreWire.decodeAnswer(body), held.first == index
          else {
            stop()
            throw ExploreRunnerError(
              "lifescript explore: a worker process's answer for a path was unreadable")
          }
          held.removeFirst()
          queued[ObjectIdentifier(worker)] = held
          paths[index] = nil
          finished[index] = outcome
        }
        if ended || worker.resultsClosed, !(queued[ObjectIdentifier(worker)] ?? []).isEmpty {
          let index = queued[ObjectIdentifier(worker)]![0]
          if let printed = worker.drain(.standardError, ending: true) {
            Console.writeError(printed)
          }
          let end = worker.reapAndDescribe("the path \(Self.describe(paths[index] ?? []))")
          let status = worker.exitStatus
          stop()
          // A path's own time limit ends its worker with the limit's message, which it wrote.
          let timeLimit =
            status & 0x7f == 0 && (status >> 8) & 0xff == ExploreWire.timeLimitStatus
            && !worker.exitedThroughExit
          throw ExploreRunnerError(timeLimit ? "" : "lifescript explore: " + end)
        }
        feed(worker)
      }
      while let outcome = finished.removeValue(forKey: nextToHand) {
        guard each(nextToHand, outcome) else {
          // The search ends here; what the workers still run is not wanted.
          stop()
          return
        }
        nextToHand += 1
      }
    }
  }

  static func describe(_ path: [ExploreStep]) -> String {
    path.isEmpty ? "(the start point)" : path.map(\.code).joined(separator: "; ")
  }
}
