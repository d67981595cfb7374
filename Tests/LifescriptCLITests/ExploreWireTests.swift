import AppLifecycle
import Scenarios
import Testing

@testable import LifescriptCLI

/// What `lifescript explore` and its worker processes say to each other (ExploreWire): every
/// value comes back as it went, whatever characters the app's declarations put in it.
@Suite struct ExploreWireTests {
  static let hostile = [
    "", "plain", "tab\there", "line\nbreak", "carriage\rreturn", "back\\slash", "\\n", "\\",
    "end\\", "ünïcødé ✓ 🚀", "quote \" and ' ", "E 1 2\n", "\u{0}nul",
  ]

  @Test func aJobComesBackAsItWent() throws {
    for text in Self.hostile {
      let step = ExploreStep(name: "open_url " + text, code: "device.open_url(\"\(text)\")")
      for coverageFromStart in [false, true] {
        let job = ExplorePathJob(path: [step, step], coverageFromStart: coverageFromStart)
        let line = String(decoding: ExploreWire.job(7, job), as: UTF8.self)
        #expect(line.hasSuffix("\n"))
        #expect(line.dropLast().contains("\n") == false, "\(text)")
        let decoded = try #require(ExploreWire.decodeJob(String(line.dropLast())))
        #expect(decoded.0 == 7)
        #expect(decoded.1 == job, "\(text)")
      }
    }
    let empty = ExplorePathJob(path: [], coverageFromStart: true)
    let line = String(decoding: ExploreWire.job(0, empty), as: UTF8.self)
    #expect(ExploreWire.decodeJob(String(line.dropLast()))?.1 == empty)
  }

  @Test func anAnswerComesBackAsItWent() throws {
    for text in Self.hostile {
      var outcome = ExplorePathOutcome()
      outcome.broken = text.isEmpty
      outcome.traceHashes = [0, 1, UInt64.max]
      outcome.next = [ExploreStep(name: text, code: text), ExploreStep(name: "home", code: "x")]
      outcome.state = "state \(text)"
      outcome.coverage = ExploreCoverage(
        messages: [text, "AppDelegate.x"], states: [text], transitions: ["a —home→ \(text)"],
        handlers: [text])
      let bytes = ExploreWire.answer(outcome, coverage: outcome.coverage)
      #expect(ExploreWire.decodeAnswer(bytes[...]) == outcome, "\(text)")
    }
  }

  @Test func aTruncatedOrForeignAnswerIsRefused() {
    var outcome = ExplorePathOutcome()
    outcome.next = [ExploreStep(name: "home", code: "device.home()")]
    let bytes = ExploreWire.answer(outcome, coverage: outcome.coverage)
    for cut in 1..<bytes.count {
      // Either unreadable, or (cut at a field's end) a different outcome: never a crash.
      let decoded = ExploreWire.decodeAnswer(bytes[..<cut])
      #expect(decoded != outcome || cut == bytes.count)
    }
    #expect(ExploreWire.decodeAnswer(Array("color 3\nred\n".utf8)[...]) == nil)
    #expect(ExploreWire.decodeAnswer(Array("code 1\nx\n".utf8)[...]) == nil)
    #expect(ExploreWire.decodeAnswer(Array("hash 3\nabc\n".utf8)[...]) == nil)
  }

  /// Explored states are compared by their text across processes; the machine's fields are
  /// written in declaration order, so none may be a dictionary or a set (whose order is seeded
  /// per process).
  @Test func theLifeCycleMachineHasNoFieldWhoseOrderDiffersBetweenProcesses() {
    func check(_ value: Any, _ path: String) {
      let mirror = Mirror(reflecting: value)
      #expect(mirror.displayStyle != .dictionary && mirror.displayStyle != .set, "\(path)")
      for child in mirror.children { check(child.value, path + "." + (child.label ?? "?")) }
    }
    var machine = LifecycleMachine()
    machine.declarations = LifecycleMachine.Declarations(
      urlSchemes: ["a"], quickActions: ["b"], activityTypes: ["c"], backgroundModes: ["d"])
    check(machine, "machine")
  }

  @Test func theProgressLineSaysHowFarTheDepthIsAndWhenItIsDone() {
    var report = Explorer.Report()
    report.paths = 3020
    report.states = 2810
    #expect(
      ProgressLine.text(report, 3, 1200, 2197, 4)
        == "  depth 3: 1200 of 2197 paths, 3020 in all, 2810 states, 755 paths/s, depth 3 done in ~1.32 s"
    )
    // At the end of a depth, and before a rate is known, no time is guessed.
    #expect(!ProgressLine.text(report, 3, 2197, 2197, 4).contains("done in"))
    #expect(!ProgressLine.text(Explorer.Report(), 0, 0, 1, 0).contains("done in"))
  }
}
