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
  static func run(_ command: [String]) throws -> (status: Int32, peakKiB: Int) {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    var arguments = command.map { strdup($0) }
    arguments.append(nil)
    defer { for argument in arguments { free(argument) } }
    var pid = pid_t()
    let spawned = posix_spawn(&pid, command[0], &actions, nil, arguments, environ)
    guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EIO) }
    var status: Int32 = 0
    var usage = rusage()
    while wait4(pid, &status, 0, &usage) < 0 {
      guard errno == EINTR else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    }
    // WIFEXITED / WEXITSTATUS, which Swift does not import.
    let exited = status & 0x7f == 0
    return (exited ? (status >> 8) & 0xff : -1, usage.ru_maxrss)
  }
}
