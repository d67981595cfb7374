import Foundation
import Testing

/// The suite's parent process holds a bounded piece of what its scenarios print, however much
/// they print (issue 29): it read everything a worker's pipe held before handling any of it, so
/// a worker printing without pause grew the parent by tens of MiB.
@Suite struct SuiteParentMemoryTests {
  /// The parent's peak resident memory (KiB) while `lifescript test` runs a scenario printing
  /// `megabytes` MiB, its output thrown away; sampled from /proc as tools/check-worker-memory
  /// samples a worker.
  static func parentPeak(printing megabytes: Int, in folder: URL) throws -> Int {
    let scenario = folder.appendingPathComponent("print-\(megabytes).lua")
    try """
    local lines = string.rep(string.rep("x", 1023), 1024, "\\n")
    for i = 1, \(megabytes) do print(lines) end
    """.write(to: scenario, atomically: true, encoding: .utf8)
    let process = Process()
    process.executableURL = CommandLine.executable
    process.arguments = [
      "test", "--max-instructions", "none", "--timeout", "300", scenario.path,
    ]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    var peak = 0
    while process.isRunning {
      if let status = try? String(
        contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8)
      {
        for line in status.split(separator: "\n") where line.hasPrefix("VmRSS:") {
          peak = max(peak, Int(line.split(separator: " ")[1]) ?? 0)
        }
      }
      usleep(5_000)
    }
    #expect(process.terminationStatus == 0)
    return peak
  }

  @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/self/status")))
  func theParentsMemoryDoesNotGrowWithWhatScenariosPrint() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("lifescript-parent-memory-" + UUID().uuidString)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let small = try Self.parentPeak(printing: 1, in: folder)
    let large = try Self.parentPeak(printing: 160, in: folder)
    #expect(small > 0)
    // 160 times the output: at most 4 MiB more (it was 20 to 30 MiB more).
    #expect(large - small < 4 << 10, "peak \(small) KiB for 1 MiB printed, \(large) for 160")
  }
}
