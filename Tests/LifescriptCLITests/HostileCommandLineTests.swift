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
}
