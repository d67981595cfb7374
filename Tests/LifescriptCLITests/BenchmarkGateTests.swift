import Foundation
import Testing

/// The CI gate (`Benchmarks/run --quick`, Benchmarks/README.md#the-ci-gate): CI runs it, its
/// committed baseline is well formed, and a baseline or an option it cannot use is a clear
/// error before anything is built or measured.
@Suite struct BenchmarkGateTests {
  static let script = CommandLine.repository.appendingPathComponent("Benchmarks/run").path
  static let ratios = ["cold_start", "dispatch", "suite", "explore"]

  func gate(_ arguments: [String]) throws -> CommandLine.Result {
    try CommandLine.tool(["python3", Self.script] + arguments, in: CommandLine.repository)
  }

  @Test func ciRunsTheGate() throws {
    let ci = try String(
      contentsOf: CommandLine.repository.appendingPathComponent(".ci/run"), encoding: .utf8)
    #expect(ci.contains("\n  Benchmarks/run --quick\n"))
  }

  @Test func theCommittedBaselineHasTheFourRatios() throws {
    let data = try Data(
      contentsOf: CommandLine.repository.appendingPathComponent("Benchmarks/baseline.json"))
    let baseline = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    let ratios = try #require(baseline["ratios"] as? [String: Any])
    #expect(Set(ratios.keys) == Set(Self.ratios))
    for name in Self.ratios {
      let value = try #require(ratios[name] as? Double, "\(name) is a number")
      #expect(value > 0 && value.isFinite, "\(name)")
    }
  }

  /// The README's installation builds the binary the benchmarks measure.
  @Test func theReadmeInstallsTheBinaryTheBenchmarksMeasure() throws {
    let readme = try String(
      contentsOf: CommandLine.repository.appendingPathComponent("README.md"), encoding: .utf8)
    let command =
      "swift build -c release --static-swift-stdlib -Xswiftc -static-executable --product lifescript"
    #expect(readme.contains("\n" + command + "\n"))
    let script = try String(contentsOfFile: Self.script, encoding: .utf8)
    #expect(
      script.contains(
        #"BUILD = ["swift", "build", "-c", "release", "--static-swift-stdlib", "-Xswiftc", "-static-executable","#
      ))
  }

  @Test(arguments: [
    (
      "{",
      "cannot be read: Expecting property name enclosed in double quotes: line 1 column 2 (char 1)"
    ),
    ("[]", #"no "ratios" object; write it again with `Benchmarks/run --quick --write-baseline`"#),
    (
      #"{"ratios": 3}"#,
      #"no "ratios" object; write it again with `Benchmarks/run --quick --write-baseline`"#
    ),
    (#"{"ratios": {}}"#, #"ratio "cold_start" must be a positive number, not null"#),
    (
      #"{"ratios": {"cold_start": 1, "dispatch": "2", "suite": 1, "explore": 1}}"#,
      #"ratio "dispatch" must be a positive number, not "2""#
    ),
    (
      #"{"ratios": {"cold_start": 1, "dispatch": 2, "suite": -1, "explore": 1}}"#,
      #"ratio "suite" must be a positive number, not -1"#
    ),
    (
      #"{"ratios": {"cold_start": 1, "dispatch": 2, "suite": 1, "explore": NaN}}"#,
      #"ratio "explore" must be a positive number, not NaN"#
    ),
    (
      #"{"ratios": {"cold_start": Infinity, "dispatch": 2, "suite": 1, "explore": 1}}"#,
      #"ratio "cold_start" must be a positive number, not Infinity"#
    ),
    (
      #"{"ratios": {"cold_start": true, "dispatch": 2, "suite": 1, "explore": 1}}"#,
      #"ratio "cold_start" must be a positive number, not true"#
    ),
    (String(repeating: "[", count: 100_000), "cannot be read: nested too deeply"),
    ("\u{FF}\u{FE}", "cannot be read: Expecting value: line 1 column 1 (char 0)"),
  ])
  func aMalformedBaselineIsAClearError(contents: String, message: String) throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("lifescript-gate-" + UUID().uuidString)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("base line\n'x'.json").path
    try contents.write(toFile: file, atomically: true, encoding: .utf8)
    let result = try gate(["--quick", "--baseline", file, "--binary", "/bin/true"])
    #expect(result.status == 1)
    #expect(
      result.error == "Benchmarks/run: \(file)" + (message.hasPrefix("cannot") ? " " : ": ")
        + message + "\n")
    #expect(result.output == "")
  }

  @Test func aMissingOrHugeBaselineIsAClearError() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("lifescript-gate-" + UUID().uuidString)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let missing = folder.appendingPathComponent("none.json").path
    var result = try gate(["--quick", "--baseline", missing])
    #expect(result.status == 1)
    #expect(
      result.error
        == "Benchmarks/run: \(missing) is missing; write it with `Benchmarks/run --quick --write-baseline`\n"
    )
    let huge = folder.appendingPathComponent("huge.json").path
    try Data(count: 2 << 20).write(to: URL(fileURLWithPath: huge))
    result = try gate(["--quick", "--baseline", huge])
    #expect(result.status == 1)
    #expect(
      result.error == "Benchmarks/run: \(huge) cannot be read: larger than 1 MiB, not a baseline\n")
  }

  @Test(arguments: [
    (["--write-baseline"], "--write-baseline goes with --quick"),
    (["--quick", "--only", "suite"], "--only and --quick measure different things: choose one"),
    (
      ["--quick", "--binary", "/nonexistent/lifescript"],
      "--binary /nonexistent/lifescript: not an executable file"
    ),
  ])
  func optionsItCannotUseAreClearErrors(arguments: [String], message: String) throws {
    let result = try gate(arguments)
    #expect(result.status == 1)
    #expect(result.error == "Benchmarks/run: \(message)\n")
  }

  /// A --binary that is a file but no program: refused by its mode, or when it cannot start.
  @Test func aBinaryThatIsNoProgramIsAClearError() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("lifescript-gate-" + UUID().uuidString)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let text = folder.appendingPathComponent("notes.txt").path
    try "not a program\n".write(toFile: text, atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: text)
    var result = try gate(["--quick", "--binary", text])
    #expect(result.status == 1)
    #expect(result.error == "Benchmarks/run: --binary \(text): not an executable file\n")
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: text)
    guard CommandLine.find("lua5.4") != nil, CommandLine.find("swift") != nil else { return }
    result = try gate(["--quick", "--binary", text])
    #expect(result.status == 1)
    #expect(result.error.hasSuffix("Benchmarks/run: cannot run \(text): Exec format error\n"))
  }
}
