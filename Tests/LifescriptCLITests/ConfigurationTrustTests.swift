import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A lifescript.lua another user could have written is passed over with a warning, as git
/// passes over a repository it does not trust (issue 29, R2): one in `/tmp` above a scenario
/// once lifted every limit and opened the whole machine to the scenario.
@Suite struct ConfigurationTrustTests {
  /// A scratch folder (real path) with `lifescript.lua` holding what no suite could read, and a
  /// scenario below it that prints.
  struct Scratch {
    let folder: String

    init(configuration: String = "limits = \"none\"\n") throws {
      let made = URL(fileURLWithPath: NSTemporaryDirectory())
        .appendingPathComponent("lifescript-trust-" + UUID().uuidString)
      try FileManager.default.createDirectory(
        at: made.appendingPathComponent("Tests"), withIntermediateDirectories: true)
      folder = made.resolvingSymlinksInPath().path
      try configuration.write(
        toFile: folder + "/lifescript.lua", atomically: false, encoding: .utf8)
      try "print(\"ran\")\n".write(
        toFile: folder + "/Tests/a.lua", atomically: false, encoding: .utf8)
      chmod(folder, 0o755)
    }

    func run(_ arguments: [String], environment: [String] = []) throws -> CommandLine.Result {
      try CommandLine.run(
        arguments, in: URL(fileURLWithPath: folder),
        launcher: environment.isEmpty ? [] : ["env"] + environment)
    }

    func done() { try? FileManager.default.removeItem(atPath: folder) }
  }

  static func warning(_ reason: String, real: String) -> String {
    "warning[untrusted-config]: lifescript.lua is not read: \(reason); lifescript trusts a configuration only as git trusts a repository. If it is yours to use, set LIFESCRIPT_TRUST=\(real) (Documentation/Reference/lifescript-lua.md#which-files-are-trusted)\n"
  }

  @Test func aConfigurationInAFolderAnyoneMayWriteToIsPassedOver() throws {
    let scratch = try Scratch()
    defer { scratch.done() }
    chmod(scratch.folder, 0o1777)
    let result = try scratch.run(["run", "Tests/a.lua"])
    #expect(
      result.error
        == Self.warning(
          "its folder \(scratch.folder) is one anyone may write to",
          real: scratch.folder + "/lifescript.lua"))
    #expect(result.output == "ran\n")
    #expect(result.status == 0)
  }

  @Test func aSuiteSaysItOnceAndRunsWithoutIt() throws {
    let scratch = try Scratch(configuration: "output = \"Tests/a.lua\"\n")
    defer { scratch.done() }
    chmod(scratch.folder, 0o777)
    let result = try scratch.run(["test", "Tests"])
    #expect(
      result.error
        == Self.warning(
          "its folder \(scratch.folder) is one anyone may write to",
          real: scratch.folder + "/lifescript.lua"))
    #expect(result.output.hasSuffix("1 passed, 0 failed\n"), "\(result.output)")
    // Its output was not obeyed: the scenario is still the scenario.
    #expect(
      try String(contentsOfFile: scratch.folder + "/Tests/a.lua", encoding: .utf8)
        == "print(\"ran\")\n")
  }

  @Test(.enabled(if: geteuid() == 0, "only root can give a file to another user"))
  func aConfigurationAnotherUserOwnsIsPassedOver() throws {
    let scratch = try Scratch()
    defer { scratch.done() }
    #expect(chown(scratch.folder + "/lifescript.lua", 4242, 4242) == 0)
    let result = try scratch.run(["run", "Tests/a.lua"])
    #expect(
      result.error
        == Self.warning(
          "it belongs to uid 4242, not to you (root (uid 0))",
          real: scratch.folder + "/lifescript.lua"))
    #expect(result.status == 0)
  }

  @Test func aConfigurationAboveTheHomeFolderIsPassedOver() throws {
    let scratch = try Scratch()
    defer { scratch.done() }
    let home = scratch.folder + "/home/someone"
    try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
    try "print(\"ran\")\n".write(toFile: home + "/a.lua", atomically: false, encoding: .utf8)
    let result = try scratch.run(["run", "home/someone/a.lua"], environment: ["HOME=\(home)"])
    #expect(
      result.error
        == Self.warning(
          "it is above your home folder (\(home))", real: scratch.folder + "/lifescript.lua"))
    #expect(result.status == 0)
  }

  @Test func listedInLifescriptTrustItIsRead() throws {
    let scratch = try Scratch()
    defer { scratch.done() }
    chmod(scratch.folder, 0o777)
    for trusted in [scratch.folder, scratch.folder + "/lifescript.lua", "*"] {
      let result = try scratch.run(
        ["run", "Tests/a.lua"], environment: ["LIFESCRIPT_TRUST=\(trusted)"])
      #expect(
        result.error
          == "lifescript.lua:1: limits: expected { memory = …, instructions = …, timeout = … }, got string\n"
      )
      #expect(result.status == 2)
    }
  }

  @Test func aConfigurationOfYoursInAFolderOfYoursIsRead() throws {
    let scratch = try Scratch()
    defer { scratch.done() }
    let result = try scratch.run(["run", "Tests/a.lua"])
    #expect(result.status == 2)
    #expect(result.error.hasPrefix("lifescript.lua:1: limits:"))
  }
}
