import Foundation
import Testing

/// Options at their extremes: each is a clear answer or a usage error, never a crash.
@Suite struct HostileCommandLineTests {
  @Test func aShardNearIntMaxTakesItsPartWithoutOverflowing() throws {
    let largest = "9223372036854775807"
    let last = try CommandLine.run(["test", "--list", "--shard", "\(largest)/\(largest)", "suite"])
    #expect(last.error == "")
    #expect(last.status == 0)
    #expect(last.output == "suite/prints.lua\n")
    let first = try CommandLine.run(["test", "--list", "--shard", "1/\(largest)", "suite"])
    #expect(first.status == 0)
    #expect(first.output == "")
  }

  /// `--repeat` plans every run up front: a count that would not fit is a usage error, not an
  /// abort for want of memory.
  @Test(arguments: [
    (
      "100000000",
      "lifescript test: --repeat 100000000 of 6 scenarios is 600000000 runs; a suite runs at most 1000000\n"
    ),
    (
      "9223372036854775807",
      "lifescript test: --repeat 9223372036854775807 of 6 scenarios is more than 9223372036854775807 runs; a suite runs at most 1000000\n"
    ),
  ])
  func aRepeatTooLargeToPlanIsAUsageError(count: String, message: String) throws {
    let result = try CommandLine.run(["test", "--repeat", count, "suite"])
    #expect(result.status == 2)
    #expect(result.error == message)
    #expect(result.output == "")
  }
}
