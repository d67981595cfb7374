import Foundation
import LifescriptKit
import Testing

/// `Lifescript.Failure`'s file and line: where the failure happened, as the run recorded it,
/// whatever its message says.
@Suite struct FailureLocationTests {
  private func onlyFailure(_ source: String, name: String) throws -> Lifescript.Failure {
    let result = try Lifescript.run(source: source, name: name)
    #expect(result.status == .error)
    #expect(result.failures.count == 1)
    return try #require(result.failures.first)
  }

  @Test func aMessageThatNamesAnotherPlaceIsLocatedWhereItWasRaised() throws {
    let failure = try onlyFailure(
      "local x = 1\nerror('other.lua:3: not here', 0)\n", name: "place.lua")
    #expect(failure.file == "place.lua")
    #expect(failure.line == 2)
    #expect(failure.message == "other.lua:3: not here")
  }

  @Test func aMessageWithAPositionInsideKeepsIt() throws {
    let failure = try onlyFailure("error('failed: see place.lua:9: for why')\n", name: "place.lua")
    #expect(failure.file == "place.lua")
    #expect(failure.line == 1)
    #expect(failure.message == "failed: see place.lua:9: for why")
  }

  @Test(arguments: ["a:1:b.lua", "dir:2/odd:3.lua"])
  func aScenarioNameWithColonsIsLocatedWhole(name: String) throws {
    let runtime = try onlyFailure("local x = 1\nerror('boom')\n", name: name)
    #expect([runtime.file, runtime.line.map(String.init), runtime.message] == [name, "2", "boom"])
    let syntax = try onlyFailure("local x = 1\nx = = 2\n", name: name)
    #expect(
      [syntax.file, syntax.line.map(String.init), syntax.message] == [
        name, "2", "unexpected symbol near '='",
      ])
  }

  @Test func anErrorRaisedBySwiftInACoroutineIsLocatedAtItsLuaCaller() throws {
    let failure = try onlyFailure(
      """
      local ok, e = coroutine.resume(coroutine.create(function()
        class("Twice"); class("Twice")
      end))
      error(e, 0)
      """, name: "twice.lua")
    #expect(failure.file == "twice.lua")
    #expect(failure.line == 2)
    #expect(failure.message == "class 'Twice' is already defined")
  }

  @Test func aModuleWithALongPathIsNamedWhole() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("lifescript-embedding-\(UUID().uuidString)")
    let modules = folder.appendingPathComponent("a-folder-with-a-long-name/and-another-one")
    try FileManager.default.createDirectory(at: modules, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let module = modules.appendingPathComponent("settings.lua")
    try "local x = 1\nerror('no settings')\n".write(to: module, atomically: true, encoding: .utf8)
    let scenario = folder.appendingPathComponent("launch.lua")
    try "require('a-folder-with-a-long-name.and-another-one.settings')\n".write(
      to: scenario, atomically: true, encoding: .utf8)
    let result = try Lifescript.run(file: scenario.path)
    let failure = try #require(result.failures.first)
    #expect(failure.file == module.path)
    #expect(failure.line == 2)
    #expect(failure.message == "no settings")
    // Messages keep Lua's short name for a long path.
    #expect(failure.description.hasPrefix("...") == (module.path.utf8.count > 59))
  }

  @Test func aBadInfoPlistIsLocatedInThePlist() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("lifescript-embedding-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try "<plist>\n<dict>\n<key>UIMainStoryboardFile</key>\n</dict>\n</plist>\n".write(
      to: folder.appendingPathComponent("Info.plist"), atomically: true, encoding: .utf8)
    let scenario = folder.appendingPathComponent("launch.lua")
    try "local x = 1\nInfo('Info.plist')\n".write(to: scenario, atomically: true, encoding: .utf8)
    let result = try Lifescript.run(file: scenario.path)
    let failure = try #require(result.failures.first)
    #expect(failure.file == folder.appendingPathComponent("Info.plist").path)
    #expect(failure.line == 3)
    #expect(failure.message == "<key>UIMainStoryboardFile</key> has no value")
  }

  @Test func anErrorAfterACaughtExpectationFailureIsTheWorseOutcome() throws {
    let result = try Lifescript.run(
      source: """
        main(class("AppDelegate", UIResponder))
        pcall(expect.never, "new AppDelegate")
        local settings = nil
        print(settings.theme)
        """, name: "late.lua")
    #expect(result.status == .error)
    #expect(result.failures.map(\.kind) == [.expectation, .error])
    #expect(result.failures.map(\.line) == [2, 4])
    #expect(try #require(result.report).contains("stack traceback:"))
  }
}
