import AppLifecycle
import Foundation
import LuaBridge
import Scenarios
import Testing

/// `ScenarioRunner` makes one `ScenarioFailure` from what came out of Lua: its reason, place and
/// context are the typed values the error carried, whatever its text says.
@Suite struct ScenarioFailureTests {
  /// Runs `source` as the scenario `name` and returns how it failed.
  private func failing(_ source: String, name: String = "launch.lua") -> ScenarioFailure? {
    let options = ScenarioOptions()
    do {
      let scenario = try Scenario(
        options: options, folder: nil, output: { _ in }, warning: { _ in })
      try ScenarioRunner.run(.text(source, name: name), in: scenario, options: options)
      return nil
    } catch {
      return error as? ScenarioFailure
    }
  }

  private static let delegate = """
    local AppDelegate = class("AppDelegate", UIResponder)
    function AppDelegate:application_didFinishLaunchingWithOptions(application, options)
      BODY
    end
    main(AppDelegate)
    """

  private func launching(_ body: String) -> ScenarioFailure? {
    failing(Self.delegate.replacingOccurrences(of: "BODY", with: body))
  }

  /// A failed expectation, or `assert`, raised unchanged to the method's edge.
  @Test(arguments: [
    (#"expect.never "new AppDelegate""#, "expect.never: new AppDelegate was not expected"),
    (
      #"local ok, e = coroutine.resume(coroutine.create(function() expect.never "new AppDelegate" end)); error(e, 0)"#,
      "expect.never: new AppDelegate was not expected"
    ),
    (#"assert(options == 1, "the options")"#, "assertion failed: the options"),
    (
      #"local ok, e = pcall(assert, false, "the options"); error(e, 0)"#,
      "assertion failed: the options"
    ),
    (
      #"local ok, e = coroutine.resume(coroutine.create(function() assert(false, "the options") end)); error(e, 0)"#,
      "assertion failed: the options"
    ),
  ])
  func anExpectationThatFailsInsideAMethodIsAnExpectationFailure(body: String, message: String)
    throws
  {
    let failure = try #require(launching(body))
    guard case .expectation(let expectation) = failure.reason else {
      Issue.record("expected an expectation failure, got \(failure.reason)")
      return
    }
    #expect(failure.isExpectationFailure)
    #expect(expectation.location == ScriptLocation(file: "launch.lua", line: 3))
    #expect(failure.location == expectation.location)
    #expect(failure.message.hasPrefix(message))
    #expect(
      failure.context
        == "in AppDelegate.application:didFinishLaunchingWithOptions: at 0s of virtual time")
  }

  @Test(arguments: [
    (#"local t = nil; return t.x"#, false),
    (#"assert(true); local ok = pcall(assert, false)"#, true),
    (#"error("assertion failed!")"#, false),
    (#"local ok, e = pcall(assert, false, "x"); error(e)"#, false),
  ])
  func onlyAnAssertRaisedUnchangedIsAFailure(body: String, passes: Bool) throws {
    let failure = launching(body)
    #expect((failure == nil) == passes)
    #expect(failure?.isExpectationFailure != true)
  }

  @Test(arguments: [
    #"error("the settings file is missing from the application bundle", 0)"#,
    #"local ok, e = coroutine.resume(coroutine.create(function() error("the settings file is missing from the application bundle", 0) end)); error(e, 0)"#,
  ])
  func aMethodThatFailsNamesItself(body: String) throws {
    let failure = try #require(launching(body))
    guard case .error = failure.reason else {
      Issue.record("expected an error, got \(failure.reason)")
      return
    }
    #expect(
      failure.context
        == "in AppDelegate.application:didFinishLaunchingWithOptions: at 0s of virtual time")
    #expect(failure.message == "the settings file is missing from the application bundle")
  }

  @Test func theScriptsOwnErrorWithTheSameTextIsNotTheMethods() throws {
    let failure = try #require(
      failing(
        Self.delegate.replacingOccurrences(
          of: "BODY", with: #"error("the settings file is missing from the application bundle", 0)"#
        )
        .replacingOccurrences(
          of: "main(AppDelegate)",
          with: "local ok, e = pcall(main, AppDelegate)\nerror(e:upper():lower(), 0)")))
    #expect(failure.context == nil)
    #expect(failure.location == ScriptLocation(file: "launch.lua", line: 6))
  }

  @Test(arguments: [
    #"local ok, e = pcall(UIApplicationMain, nil, "AppDelegate"); error("again: " .. e, 0)"#,
    #"local ok, e = coroutine.resume(coroutine.create(function() UIApplicationMain(nil, "AppDelegate") end)); error("again: " .. e, 0)"#,
  ])
  func anErrorThatEndsWithAnExceptionsTextIsAnError(body: String) throws {
    let failure = try #require(launching(body))
    #expect(!failure.isExpectationFailure)
    #expect(failure.message.hasPrefix("again: "))
  }

  @Test(arguments: [
    #"UIApplicationMain(nil, "AppDelegate")"#,
    #"local ok, e = pcall(UIApplicationMain, nil, "AppDelegate"); error(e, 0)"#,
    #"local ok, e = coroutine.resume(coroutine.create(function() UIApplicationMain(nil, "AppDelegate") end)); error(e, 0)"#,
  ])
  func anExceptionThatLuaLetsThroughIsUncaught(body: String) throws {
    let failure = try #require(launching(body))
    guard case .uncaughtException(let entry) = failure.reason else {
      Issue.record("expected an uncaught exception, got \(failure.reason)")
      return
    }
    #expect(
      entry.event.line()
        == "exception NSInternalInconsistencyException: There can only be one UIApplication instance."
    )
    #expect(failure.location == nil)
  }

  @Test func aBadFileIsLocatedInTheFile() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("lifescript-failure-" + UUID().uuidString)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try "launch line\n".write(
      to: folder.appendingPathComponent("launch.trace"), atomically: true, encoding: .utf8)
    let name = folder.appendingPathComponent("launch.lua").path
    let failure = try #require(failing("local x = 1\nexpect.golden()\n", name: name))
    #expect(failure.location == ScriptLocation(file: folder.path + "/launch.trace", line: 1))
    #expect(failure.message.hasPrefix("not a trace line: launch line ("))
  }
}
