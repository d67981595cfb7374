import Foundation
import Testing

/// `--max-memory` bounds what the engine holds for a script, not only the Lua heap
/// (Documentation/Reference/sandbox.md#memory): each of these fixtures would keep hundreds of MiB
/// without it. Their exact messages are pinned in FailingFixtureTests; here the process's peak
/// resident memory is measured (wait4's rusage of that one child).
@Suite struct EngineMemoryLimitTests {
  @Test(arguments: [
    "engine-memory-fields.lua", "engine-memory-property.lua", "engine-memory-class-names.lua",
    "engine-memory-caught.lua", "engine-memory-trace.lua", "engine-memory-observers.lua",
    "engine-memory-posts.lua", "engine-memory-timers.lua", "engine-memory-queued-work.lua",
    "engine-memory-async-work.lua", "engine-memory-after-collect.lua",
    "engine-memory-value-objects.lua", "engine-memory-nil-fields.lua",
  ])
  func theCapBoundsTheProcess(fixture: String) throws {
    let script = CommandLine.fixtures.appendingPathComponent(fixture).path
    let (status, peakKiB) = try Self.run(
      [CommandLine.executable.path, "run"] + engineMemory + [script])
    #expect(status == 2)
    // 16 MiB of cap; the rest is the executable, Swift's runtime and Foundation. Generous: a
    // debug build stays near 40 MiB, and without the engine's accounting these reach 300 MiB.
    #expect(peakKiB < 200 * 1024, "peak resident memory \(peakKiB) KiB")
  }

  /// Selectors are interned for good, process-wide: asking whether an object responds to a name
  /// no class has makes no selector (before, 300 one-MiB names kept 1.2 GiB).
  @Test func lookingUpSelectorsKeepsNoNames() throws {
    let script = CommandLine.fixtures.appendingPathComponent("engine-memory-selectors.lua").path
    let (status, peakKiB) = try Self.run(
      [CommandLine.executable.path, "run"] + engineMemory + [script])
    #expect(status == 0)
    #expect(peakKiB < 200 * 1024, "peak resident memory \(peakKiB) KiB")
  }

  /// Runs a command with its output discarded; its exit status and peak resident memory in KiB.
  ///
  /// Through a small python3 that runs it and reads its children's usage: the peak of a child
  /// this process spawned itself would start at this process's own (posix_spawn shares the
  /// test runner's memory until exec, and Linux keeps that peak), and the runner of the whole
  /// suite holds hundreds of MiB.
  static func run(_ command: [String]) throws -> (status: Int32, peakKiB: Int) {
    let python = try #require(CommandLine.python(with: "resource"))
    let measure = """
      import resource, subprocess, sys
      status = subprocess.call(sys.argv[1:], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
      print(status, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
      """
    let result = try CommandLine.tool(
      [python, "-c", measure] + command, in: CommandLine.fixtures, seconds: 120)
    let fields = result.output.split(separator: " ").compactMap {
      Int($0.trimmingCharacters(in: .whitespacesAndNewlines))
    }
    try #require(fields.count == 2, "python3 printed \(result.output) \(result.error)")
    return (Int32(fields[0]), fields[1])
  }
}
