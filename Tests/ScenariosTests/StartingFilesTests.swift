import Foundation
import LuaBridge
import Scenarios
import Testing

/// `ScenarioOptions.info`: the Info.plist a scenario starts with, as `info` in lifescript.lua
/// gives it.
@Suite struct StartingInfoTests {
  static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().path

  func run(_ info: InfoFile, _ source: String) throws -> (Scenario, ScenarioFailure?) {
    var options = ScenarioOptions()
    options.info = info
    let scenario = try Scenario(
      options: options, folder: Self.repository, output: { _ in }, warning: { _ in })
    do {
      try ScenarioRunner.run(.text(source, name: "launch.lua"), in: scenario, options: options)
      return (scenario, nil)
    } catch {
      return (scenario, error)
    }
  }

  @Test func theScenarioStartsWithTheInfoPlistFromTheFolderItIsSetIn() throws {
    let examples = Self.repository + "/Scripts/examples"
    let (scenario, failure) = try run(
      InfoFile(path: "fixtures/Info.plist", folder: examples, setting: "info in lifescript.lua"),
      "")
    #expect(failure == nil)
    #expect(scenario.device.info.string("CFBundleExecutable") == "Demo")
  }

  @Test func theScenariosOwnInfoReplacesIt() throws {
    let examples = Self.repository + "/Scripts/examples"
    let (scenario, failure) = try run(
      InfoFile(path: "fixtures/Info.plist", folder: examples, setting: "info in lifescript.lua"),
      "Info { CFBundleExecutable = \"Own\" }")
    #expect(failure == nil)
    #expect(scenario.device.info.string("CFBundleExecutable") == "Own")
  }

  @Test func aFileThatCannotBeReadFailsTheScenarioNamingTheSetting() throws {
    let examples = Self.repository + "/Scripts/examples"
    let (_, missing) = try run(
      InfoFile(path: "nope/Info.plist", folder: examples, setting: "info in lifescript.lua"), "")
    let error = try #require(missing)
    #expect(!error.isExpectationFailure)
    #expect(
      FailureReport(error).text
        == "info in lifescript.lua: cannot open \(examples)/nope/Info.plist: No such file or directory"
    )
  }
}

/// `ScenarioOptions.project`: `project` in lifescript.lua calls the script's `Project` before the
/// scenario, as the scenario's first line would. The real `Project` is another part of
/// lifescript; here a Swift function stands in for it and records how it was called.
@Suite struct StartingProjectTests {
  static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().path

  struct Call: Equatable {
    var path: String
    var fields: [String: String]
  }

  func run(_ project: ProjectFile, stub: Bool = true, source: String = "")
    throws -> (calls: [Call], failure: ScenarioFailure?)
  {
    var options = ScenarioOptions()
    options.project = project
    let folder = Self.repository + "/Examples/MyApp/LifecycleTests"
    let scenario = try Scenario(
      options: options, folder: folder, output: { _ in }, warning: { _ in })
    var calls: [Call] = []
    if stub {
      try scenario.lua.register("Project") { call in
        var fields: [String: String] = [:]
        if case .table(let table) = try call.value(2) {
          for (key, value) in try scenario.lua.entries(of: table) {
            if case .string(let name) = key, case .string(let text) = value { fields[name] = text }
          }
        }
        calls.append(Call(path: try call.string(1), fields: fields))
        try scenario.lua.setGlobal("opened", .boolean(true))
        if try call.string(1).hasSuffix("Broken.xcodeproj") {
          throw LuaScriptError("cannot read Broken.xcodeproj/project.pbxproj")
        }
      }
    }
    do {
      try ScenarioRunner.run(
        .text(source, name: "launch.lua"), in: scenario, options: options)
      return (calls, nil)
    } catch {
      return (calls, error)
    }
  }

  @Test func projectIsOpenedBeforeTheScenarioWithItsPathFromTheScenariosFolder() throws {
    let project = ProjectFile(
      path: Self.repository + "/Examples/MyApp/MyApp.xcodeproj", target: "MyApp",
      configuration: "Release", setting: "project in lifescript.lua")
    let source = "assert(opened, 'Project runs before the scenario')"
    let (calls, failure) = try run(project, source: source)
    #expect(failure == nil)
    #expect(
      calls == [
        Call(
          path: "../MyApp.xcodeproj", fields: ["target": "MyApp", "configuration": "Release"])
      ])
    let plain = try run(
      ProjectFile(
        path: Self.repository + "/Examples/MyApp/MyApp.xcodeproj",
        setting: "project in lifescript.lua"))
    #expect(plain.calls == [Call(path: "../MyApp.xcodeproj", fields: [:])])
  }

  @Test func whatProjectThrowsFailsTheScenarioAsAnError() throws {
    let (_, failure) = try run(
      ProjectFile(
        path: Self.repository + "/Examples/MyApp/Broken.xcodeproj",
        setting: "project in lifescript.lua"))
    let error = try #require(failure)
    #expect(!error.isExpectationFailure)
    #expect(
      error.message.contains("cannot read Broken.xcodeproj/project.pbxproj"), "\(error.message)")
  }

  @Test func theRealProjectFunctionBuildsTheAppFromTheProject() throws {
    let (_, failure) = try run(
      ProjectFile(
        path: Self.repository + "/Examples/MyApp/MyApp.xcodeproj",
        setting: "project in lifescript.lua"),
      stub: false,
      source: """
        assert(Bundle.main:objectForInfoDictionaryKey("CFBundleExecutable") == "MyApp")
        assert(Bundle.main.infoDictionary.UIApplicationSceneManifest ~= nil)
        """)
    #expect(failure == nil, "\(failure.map { FailureReport($0).text } ?? "")")
  }

}
