import AppLifecycle
import LuaBridge
import Scenarios
import Testing

@testable import LifescriptCLI

/// The bytes workers and their parents say to each other (`WorkerWire`). The pinned bytes are
/// what lifescript wrote before the codec was one type: a worker of one version must understand
/// the parent of another, so changing one of them is changing the protocol.
@Suite struct WorkerWireTests {
  static let hostile = [
    "", "plain", "tab\there", "line\nbreak", "carriage\rreturn", "crlf\r\n", "back\\slash", "\\n",
    "\\t", "\\", "end\\", "ünïcødé ✓ 🚀", "\u{0}nul", "E 1 2\n", "status 6\npassed\n",
  ]

  // MARK: Pinned bytes

  @Test func aSuiteJobIsItsIndexKindAndPathWithTheTabsOfThePathLeftRaw() {
    let line = WorkerWire.job(3, ["tests", "a\tb\nc\\d\re.lua"], escapingTabs: false)
    #expect(line == Array("3\ttests\ta\tb\\nc\\\\d\\re.lua\n".utf8))
    #expect(
      WorkerWire.job(0, ["file", "Scripts/x.lua"], escapingTabs: false)
        == Array("0\tfile\tScripts/x.lua\n".utf8))
  }

  @Test func anExplorerJobEscapesTheTabsOfEveryField() {
    let job = ExplorePathJob(
      path: [ExploreStep(name: "open\turl", code: "device.open_url(\"a\\b\n\")")],
      coverageFromStart: true)
    #expect(
      ExploreWire.job(12, job)
        == Array("12\tc\topen\\turl\tdevice.open_url(\"a\\\\b\\n\")\n".utf8))
    #expect(
      ExploreWire.job(1, ExplorePathJob(path: [], coverageFromStart: false))
        == Array("1\t-\n".utf8))
  }

  @Test func aRecordIsItsKindIndexAndLengthThenItsBody() {
    #expect(WorkerWire.record("C", 12, Array("ab\ncd".utf8)) == Array("C 12 5\nab\ncd".utf8))
    #expect(WorkerWire.record("R", 0, []) == Array("R 0 0\n".utf8))
    #expect("\(WorkerWire.exitMarker)" == "X 0 0\n")
    #expect(WorkerWire.next == "next")
  }

  @Test func fieldsAreNameLengthBytesAndALineBreak() {
    let fields = WorkerWire.Fields([("status", "passed"), ("trace", "x\ny"), ("a b", "")])
    #expect(fields.encoded == Array("status 6\npassed\ntrace 3\nx\ny\na b 0\n\n".utf8))
  }

  @Test func anOutcomeWithAWarningIsFieldsWithTheWarningsFieldsInside() {
    let outcome = ScenarioOutcome(
      status: .failed, test: "group / name", testLine: 7, failure: "boom\n",
      location: ScriptLocation(file: "a.lua", line: 9), trace: ["t1", "t2"],
      recorded: ["recorded a.trace (new, 2 lines)"],
      warnings: [Warning(.luaWarn, "odd", location: "a.lua:3")])
    let expected =
      "status 6\nfailed\ntest 12\ngroup / name\ntest_line 1\n7\nfailure 5\nboom\n\n"
      + "file 5\na.lua\nline 1\n9\ntrace 2\nt1\ntrace 2\nt2\n"
      + "recorded 31\nrecorded a.trace (new, 2 lines)\n"
      + "warning 49\nname 8\nlua-warn\nmessage 3\nodd\nlocation 7\na.lua:3\n\n"
    #expect(String(decoding: outcome.encoded, as: UTF8.self) == expected)
    #expect(ScenarioOutcome(decoding: Array(expected.utf8)[...]) == outcome)
  }

  @Test func anExplorerAnswerIsItsFieldsInTheirOrder() {
    var outcome = ExplorePathOutcome()
    outcome.broken = true
    outcome.traceHashes = [1, 2]
    outcome.next = [ExploreStep(name: "home", code: "device.home()")]
    outcome.state = "s"
    outcome.coverage = ExploreCoverage(
      messages: ["b", "a"], states: ["r"], transitions: ["t"], handlers: ["h"])
    let expected =
      "broken 1\n1\nhash 1\n1\nhash 1\n2\nnext 4\nhome\ncode 13\ndevice.home()\nstate 1\ns\n"
      + "message 1\na\nmessage 1\nb\nreached 1\nr\ntransition 1\nt\nhandler 1\nh\n"
    #expect(
      String(decoding: ExploreWire.answer(outcome, coverage: outcome.coverage), as: UTF8.self)
        == expected)
  }

  // MARK: Jobs

  @Test func everyTextComesBackFromItsEscapeOnOneLine() {
    for text in Self.hostile {
      for tabs in [false, true] {
        let escaped = WorkerWire.escape(text, tabs: tabs)
        #expect(!escaped.utf8.contains(0x0A) && !escaped.utf8.contains(0x0D), "\(text)")
        #expect(!tabs || !escaped.utf8.contains(0x09), "\(text)")
        #expect(WorkerWire.unescape(escaped[...]) == text, "\(text)")
      }
    }
  }

  /// A parent before the codec wrote a suite's path with its tabs raw and read `\t` as `t`:
  /// nothing it wrote reads differently now, and a tab is never written escaped to it.
  @Test func aSuiteJobReadsTheSameWhicheverVersionWroteIt() throws {
    for text in Self.hostile {
      let line = WorkerWire.job(5, ["file", text], escapingTabs: false)
      #expect(line.count(where: { $0 == 0x09 }) == 2 + text.utf8.count(where: { $0 == 0x09 }))
      let (index, fields) = try #require(
        WorkerWire.job(String(decoding: line.dropLast(), as: UTF8.self), fieldCount: 2))
      #expect(index == 5)
      #expect(fields[0] == "file")
      #expect(WorkerWire.unescape(fields[1]) == text, "\(text)")
    }
  }

  @Test func aLineThatIsNoJobIsRefused() {
    #expect(WorkerWire.job("x\tfile\ta.lua", fieldCount: 2) == nil)
    #expect(WorkerWire.job("1\tfile", fieldCount: 2) == nil)
    #expect(WorkerWire.job("", fieldCount: 2) == nil)
    #expect(WorkerWire.job("") == nil)
    #expect(WorkerWire.job("1\tfile\ta\tb", fieldCount: 2)?.fields == ["file", "a\tb"])
    #expect(ExploreWire.decodeJob("1") == nil)
    #expect(ExploreWire.decodeJob("1\tc\tonly-a-name") == nil)
    #expect(ExploreWire.decodeJob("1\tx") == nil)
  }

  // MARK: Records

  @Test func aRecordArrivingAByteAtATimeIsTakenWhenWhole() {
    let bytes = WorkerWire.record("S", 4, Array("test 1\na\n".utf8)) + Array("X 0 0\n".utf8)
    var buffer: [UInt8] = []
    var taken: [WorkerWire.Taken] = []
    for byte in bytes {
      buffer.append(byte)
      while let next = WorkerWire.takeRecord(from: &buffer, kinds: ["S"]) { taken.append(next) }
    }
    #expect(
      taken == [.record(kind: "S", index: 4, body: Array("test 1\na\n".utf8)[...]), .exitMarker])
    #expect(buffer.isEmpty)
  }

  @Test func aHeaderOfAnotherKindOrNoHeaderDropsEverythingRead() {
    for header in ["E 1 0", "R 1", "R x 0", "R 1 -1", "R 1 2 3", "\u{FF} 1 0", ""] {
      var buffer = Array((header + "\nmore\nbytes").utf8)
      #expect(WorkerWire.takeRecord(from: &buffer, kinds: ["R"]) == .malformed, "\(header)")
      #expect(buffer.isEmpty)
    }
  }

  @Test func aRecordClaimingMoreBytesThanExistWaitsForThem() {
    for length in ["5", "\(Int.max)"] {
      var buffer = Array("R 1 \(length)\nabc".utf8)
      #expect(WorkerWire.takeRecord(from: &buffer, kinds: ["R"]) == nil)
      #expect(buffer.count == "R 1 \(length)\nabc".utf8.count)
    }
  }

  // MARK: Fields

  @Test func hostileValuesComeBackAsTheyWent() throws {
    var fields = WorkerWire.Fields()
    for text in Self.hostile { fields.append("value", text) }
    fields.append("name with spaces", "x")
    let decoded = try #require(WorkerWire.Fields(decoding: fields.encoded[...]))
    #expect(decoded.values("value") == Self.hostile)
    #expect(decoded["name with spaces"] == "x")
    #expect(decoded["missing"] == nil)
  }

  @Test func invalidUTF8InAValueKeepsItsFramingAndReadsAsReplacementCharacters() throws {
    let bytes: [UInt8] = Array("a 3\n".utf8) + [0xFF, 0x00, 0xC3] + Array("\nb 1\nx\n".utf8)
    let decoded = try #require(WorkerWire.Fields(decoding: bytes[...]))
    #expect(decoded["a"] == "\u{FFFD}\u{0}\u{FFFD}")
    #expect(decoded["b"] == "x")
    // A header must be UTF-8: an invalid one is no field.
    #expect(WorkerWire.Fields(decoding: ([0xFF] + Array(" 1\nx\n".utf8))[...]) == nil)
  }

  @Test func aHugeFieldComesBackAndAHugeClaimIsRefused() throws {
    let huge = String(repeating: "x\n\0", count: 400_000)
    let fields = WorkerWire.Fields([("trace", huge), ("status", "passed")])
    let decoded = try #require(WorkerWire.Fields(decoding: fields.encoded[...]))
    #expect(decoded["trace"] == huge)
    #expect(decoded["status"] == "passed")
    for claim in ["\(Int.max)", "99999999999999999999999", "-1", "4"] {
      #expect(WorkerWire.Fields(decoding: Array("a \(claim)\nabc\n".utf8)[...]) == nil, "\(claim)")
    }
  }

  @Test func truncatedFieldsAreRefusedOrFewer() {
    let bytes = WorkerWire.Fields([("a", "one"), ("b", "two")]).encoded
    for cut in 0..<bytes.count {
      let decoded = WorkerWire.Fields(decoding: bytes[..<cut])
      // Only a cut at the end of a field reads, as the fields before it.
      #expect(decoded == nil || cut == 0 || cut == 8)
    }
  }
}
