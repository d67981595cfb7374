import Testing

/// A limit that stops a finalizer (a table's `__gc`) fails the scenario in a suite's worker as
/// under `lifescript run` (FailingFixtureTests pins those), also when the finalizer runs as the
/// scenario's Lua state closes, after its last line.
@Suite struct FinalizerLimitTests {
  @Test(arguments: [
    (
      "finalizer-loop-at-close.lua",
      "finalizer-loop-at-close.lua:4: instruction limit exceeded (1000000 instructions); raise it with --max-instructions"
    ),
    (
      "finalizer-memory-at-close.lua",
      "finalizer-memory-at-close.lua:5: memory limit exceeded (8 MiB); raise it with --max-memory"
    ),
    (
      "finalizer-memory.lua",
      "finalizer-memory.lua:6: memory limit exceeded (8 MiB); raise it with --max-memory"
    ),
  ])
  func aSuiteReportsTheLimitAsAnError(file: String, message: String) throws {
    let result = try CommandLine.run(
      ["test", "--max-instructions", "1000000", "--max-memory", "8MiB", file])
    #expect(result.status == 2, "\(result.output)")
    #expect(result.output.contains("ERROR  \(file)"), "\(result.output)")
    #expect(result.output.contains("    \(message)\n    stack traceback:\n"), "\(result.output)")
    #expect(!result.output.contains("lifescript:"), "\(result.output)")
    #expect(!result.output.contains("warning"), "\(result.output)")
    #expect(result.output.hasSuffix("0 passed, 1 failed\n"), "\(result.output)")
  }
}
