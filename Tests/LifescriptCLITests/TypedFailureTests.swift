import Foundation
import Testing

/// Failures whose kind, place and context come from typed values: scripts whose own errors look
/// like an Objective-C exception, a failed method or a position, and the same through coroutines.
@Suite struct TypedFailureTests {
  static let fixtures: [Fixture] = [
    Fixture(
      arguments: ["run", "typed/exception-own-message.lua"],
      error: """
        could not start again: NSInternalInconsistencyException: There can only be one UIApplication instance.
        (in AppDelegate.application:didFinishLaunchingWithOptions: at 0s of virtual time)
        stack traceback:
        \t[C]: in function 'error'
        \ttyped/exception-own-message.lua:7: in function <typed/exception-own-message.lua:5>
        \t[C]: in function 'main'
        \ttyped/exception-own-message.lua:10: in main chunk

        """),
    Fixture(
      arguments: ["run", "typed/exception-own-message-coroutine.lua"],
      error: """
        could not start again: typed/exception-own-message-coroutine.lua:5: NSInternalInconsistencyException: There can only be one UIApplication instance.
        (in AppDelegate.application:didFinishLaunchingWithOptions: at 0s of virtual time)
        stack traceback:
        \t[C]: in function 'error'
        \ttyped/exception-own-message-coroutine.lua:7: in function <typed/exception-own-message-coroutine.lua:4>
        \t[C]: in function 'main'
        \ttyped/exception-own-message-coroutine.lua:10: in main chunk

        """),
    Fixture(
      arguments: ["run", "typed/exception-propagates.lua"], status: 0, error: "",
      output: "each launch crashed with the exception\n"),
    Fixture(
      arguments: ["run", "typed/method-context-own-error.lua"],
      error: """
        the settings file is missing from the application bundle
        stack traceback:
        \t[C]: in function 'error'
        \ttyped/method-context-own-error.lua:10: in main chunk

        """),
    Fixture(
      arguments: ["run", "typed/method-context-coroutine.lua"],
      error: """
        typed/method-context-coroutine.lua:6: the settings file is missing from the application bundle
        (in AppDelegate.application:didFinishLaunchingWithOptions: at 0s of virtual time)
        stack traceback:
        \t[C]: in function 'error'
        \ttyped/method-context-coroutine.lua:9: in function <typed/method-context-coroutine.lua:4>
        \t[C]: in function 'main'
        \ttyped/method-context-coroutine.lua:12: in main chunk

        """),
    Fixture(
      arguments: ["run", "typed/caught-expectation-then-error.lua"],
      error: """
        typed/caught-expectation-then-error.lua:6: attempt to index a nil value (local 'settings')
        stack traceback:
        \ttyped/caught-expectation-then-error.lua:6: in main chunk

        """),
    Fixture(
      arguments: ["run", "typed/expectation-in-method.lua"], status: 1,
      error: """
        typed/expectation-in-method.lua:6: expect.events: 1 line missing, 3 not expected (− expected, + actual)
        (in AppDelegate.application:didFinishLaunchingWithOptions: at 0s of virtual time)
        − new SceneDelegate
        + new UIApplication
        + new AppDelegate
        + AppDelegate.application:didFinishLaunchingWithOptions:
        first difference at line 1: expected new SceneDelegate, got new UIApplication

        """),
    Fixture(
      arguments: ["run", "typed/expectation-in-coroutine.lua"], status: 1,
      error: """
        typed/expectation-in-coroutine.lua:5: expect.never: new AppDelegate was not expected, but came at 0s (+ actual)
        (in AppDelegate.application:didFinishLaunchingWithOptions: at 0s of virtual time)
          screen launch: none (letterboxed, legacy compatibility size)
          new UIApplication
        + new AppDelegate
          log UIScene lifecycle will soon be required. Failure to adopt will result in an assert in the future.
          AppDelegate.application:didFinishLaunchingWithOptions:

        """),
  ]

  @Test(arguments: fixtures)
  func failuresAreReportedFromTypedValues(fixture: Fixture) throws {
    let result = try CommandLine.run(fixture.arguments)
    #expect(result.error == fixture.error)
    #expect(result.output == fixture.output)
    #expect(result.status == fixture.status)
  }

  @Test func aSuiteLocatesFailuresByWhereTheyWereRaisedNotByTheirText() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("lifescript-typed-" + UUID().uuidString)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let scenarios = [
      // A file name with colons and digits, as a position has them.
      "odd:1:name.lua": "local x = 1\nerror('boom')\n",
      // A message that starts with another file's position.
      "positioned.lua": "local x = 1\nlocal y = 2\nerror('other.lua:3: not here', 0)\n",
      // A message with ': ' and a position inside it.
      "inside.lua": "error('failed: see positioned.lua:9: for why')\n",
      // The same from a coroutine, raised again as it is.
      "coroutine.lua":
        "local ok, e = coroutine.resume(coroutine.create(function()\nerror('other.lua:3: x', 0)\nend))\nerror(e, 0)\n",
    ]
    for (name, source) in scenarios {
      try source.write(
        to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
    }
    let result = try CommandLine.run(["test", "-j", "1", "--format", "json", "."], in: folder)
    #expect(result.status == 2)
    let records = try result.output.split(separator: "\n").map {
      try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
    }
    var locations: [String: String] = [:]
    for record in records where record["type"] as? String == "scenario" {
      locations[record["path"] as? String ?? ""] = record["location"] as? String
    }
    #expect(
      locations == [
        "coroutine.lua": "coroutine.lua:4", "inside.lua": "inside.lua:1",
        "odd:1:name.lua": "odd:1:name.lua:2", "positioned.lua": "positioned.lua:3",
      ])
  }
}
