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
}
