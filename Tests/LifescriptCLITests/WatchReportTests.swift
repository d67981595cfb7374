import Foundation
import Testing

@testable import LifescriptCLI

/// The records `lifescript test --watch` reads back from its runs: whole paths whatever they
/// hold (spaces, line breaks, tabs, non-ASCII), the worst status of a repeated scenario, and
/// nothing made up from a file cut short or missing.
@Suite struct WatchReportTests {
  let file: String

  init() throws {
    file =
      FileManager.default.temporaryDirectory
      .appendingPathComponent("lifescript-watch-report-" + UUID().uuidString).path
    #expect(FileManager.default.createFile(atPath: file, contents: nil))
  }

  @Test func pathsComeBackWholeAndARepeatedScenarioKeepsItsWorstStatus() throws {
    defer { try? FileManager.default.removeItem(atPath: file) }
    let odd = "suite/line\nbreak\tand tab é.lua"
    WatchReport.appendStatuses(
      [("suite/a.lua", "passed"), (odd, "failed"), ("suite/a.lua", "error"), (odd, "passed")],
      to: file)
    let report = WatchReport(file: file)
    #expect(report.statuses == ["suite/a.lua": "error", odd: "failed"])
    #expect(report.reads.isEmpty)
  }

  @Test func aRecordCutShortOrOfAnUnknownKindIsLeftOut() throws {
    defer { try? FileManager.default.removeItem(atPath: file) }
    let bytes = Array("status\0a.lua\0passed\0\0reads\0b.lua\0m.lua\0\0other\0x\0\0status\0c".utf8)
    try Data(bytes).write(to: URL(fileURLWithPath: file))
    let report = WatchReport(file: file)
    #expect(report.statuses == ["a.lua": "passed"])
    #expect(report.reads == ["b.lua": ["m.lua"]])
    #expect(WatchReport(file: file + "-missing").statuses.isEmpty)
  }
}
