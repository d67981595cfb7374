import Foundation
import LifescriptKit
import Testing

/// The public values cross threads and tasks; the objects of a run are used only on its thread,
/// in that run, and say so anywhere else.
@Suite struct SendableTests {
  /// Runs `body` on a new thread and waits for it: never the caller's thread, as a dispatch
  /// queue's `sync` may be.
  private func onAnotherThread(_ body: @escaping @Sendable () -> Void) {
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
      body()
      done.signal()
    }
    thread.start()
    done.wait()
  }

  @Test func runsInATaskGroupHandBackTheirResults() async throws {
    let releases = ["13.0", "15.0", "18.3"]
    let results = try await withThrowingTaskGroup(of: (String, Lifescript.Result).self) { group in
      for ios in releases {
        let options = Lifescript.Options(ios: ios)
        group.addTask {
          (
            ios,
            try Lifescript.run(source: "print(device.ios())", name: "ios.lua", options: options)
          )
        }
      }
      var collected: [String: Lifescript.Result] = [:]
      for try await (ios, result) in group { collected[ios] = result }
      return collected
    }
    #expect(results.keys.sorted() == releases)
    for (ios, result) in results {
      #expect(result.status == .passed, "\(result.report ?? "")")
      #expect(result.output.hasPrefix(ios.split(separator: ".")[0]), "\(ios): \(result.output)")
    }
  }

  @Test func anObjectUsedFromAnotherThreadWhileItsRunGoesOnThrows() throws {
    let outcome = Outcome()
    let prober = Lifescript.NativeClass(
      "Prober",
      methods: [
        "probe": { receiver, _ in
          let value = Lifescript.Value.object(receiver)
          onAnotherThread {
            guard case .object(let object) = value else { return }
            outcome.set(
              responds: object.responds(to: "probe"), kind: object.isKind(of: "NSObject"),
              error: (try? object.send("probe")) == nil
                ? Self.message { try object.send("probe") } : nil)
          }
          return .nil
        }
      ])
    let result = try Lifescript.run(
      source: "Prober.new():probe()", name: "probe.lua", classes: [prober])
    #expect(result.status == .passed, "\(result.report ?? "")")
    let seen = outcome.get()
    #expect(seen.responds == false)
    #expect(seen.kind == true)
    #expect(
      seen.error
        == "the object belongs to a scenario running on another thread; use it on that thread")
  }

  @Test func anObjectFromAnotherRunCannotGoIntoThisOne() throws {
    var kept: Lifescript.Value = .nil
    let keeper = Lifescript.NativeClass(
      "Keeper",
      methods: [
        "keep": { receiver, _ in
          if kept.isNil { kept = .object(receiver) }
          return kept
        }
      ])
    let first = try Lifescript.run(
      source: "Keeper.new():keep()", name: "first.lua", classes: [keeper])
    #expect(first.status == .passed)
    let second = try Lifescript.run(
      source: "local kept = Keeper.new():keep()\nprint(kept)\n", name: "second.lua",
      classes: [keeper])
    #expect(second.status == .error)
    let message = try #require(second.failures.first?.message)
    #expect(message.hasPrefix("-[Keeper keep] threw <Keeper: 0x"), "\(message)")
    #expect(message.hasSuffix("> belongs to another run of a scenario"), "\(message)")
    #expect(second.failures.first?.line == 1)
  }

  private static func message(_ body: () throws -> Void) -> String? {
    do {
      try body()
      return nil
    } catch let error as Lifescript.Error {
      return error.message
    } catch {
      return "\(error)"
    }
  }
}

/// What the other thread saw, handed back under a lock.
private final class Outcome: @unchecked Sendable {
  private let lock = NSLock()
  private var seen: (responds: Bool?, kind: Bool?, error: String?) = (nil, nil, nil)

  func set(responds: Bool, kind: Bool, error: String?) {
    lock.withLock { seen = (responds, kind, error) }
  }

  func get() -> (responds: Bool?, kind: Bool?, error: String?) { lock.withLock { seen } }
}
