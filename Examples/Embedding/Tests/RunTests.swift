import Foundation
import LifescriptKit
import Testing

/// Where the scenario files of these tests are.
enum Files {
  static let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  static let scenarios = tests.appendingPathComponent("Scenarios")
  /// The scenario the example executable bundles.
  static let example = tests.deletingLastPathComponent()
    .appendingPathComponent("Sources/launch.lua")
}

/// `Lifescript.run`: what a run returns, through the public API only.
@Suite struct RunTests {
  static let legacyApp = """
    local AppDelegate = class("AppDelegate", UIResponder, { "UIApplicationDelegate" })
    function AppDelegate:application_didFinishLaunchingWithOptions(application, options)
      print("launching on iOS " .. device.ios())
      return true
    end
    function AppDelegate:applicationDidEnterBackground(application) end

    main(AppDelegate)
    wait(30)
    device.home()
    expect.order { "AppDelegate.applicationDidEnterBackground:" }
    """

  @Test func aPassingScenarioReturnsItsTraceAsValues() throws {
    let result = try Lifescript.run(
      source: Self.legacyApp, name: "launch.lua", options: .init(ios: "18.3"))
    #expect(result.status == .passed)
    #expect(result.failures == [])
    #expect(result.report == nil)
    #expect(result.output == "launching on iOS 18.3\n")
    #expect(
      result.trace == [
        .init(
          kind: .screen, text: "screen launch: none (letterboxed, legacy compatibility size)",
          time: 0),
        .init(kind: .created(className: "UIApplication"), text: "new UIApplication", time: 0),
        .init(kind: .created(className: "AppDelegate"), text: "new AppDelegate", time: 0),
        .init(
          kind: .skipped(
            receiver: "AppDelegate", selector: "application:willFinishLaunchingWithOptions:"),
          text:
            "skipped AppDelegate.application:willFinishLaunchingWithOptions: (not implemented)",
          time: 0),
        .init(
          kind: .message(
            receiver: "AppDelegate", selector: "application:didFinishLaunchingWithOptions:"),
          text: "AppDelegate.application:didFinishLaunchingWithOptions:", time: 0),
        .init(
          kind: .notification(name: "UIApplicationDidFinishLaunchingNotification"),
          text: "post UIApplicationDidFinishLaunchingNotification", time: 0),
        .init(
          kind: .skipped(receiver: "AppDelegate", selector: "applicationDidBecomeActive:"),
          text: "skipped AppDelegate.applicationDidBecomeActive: (not implemented)", time: 0),
        .init(
          kind: .notification(name: "UIApplicationDidBecomeActiveNotification"),
          text: "post UIApplicationDidBecomeActiveNotification", time: 0),
        .init(kind: .screen, text: "screen launch removed", time: 0),
        .init(kind: .action("wait 30 s"), text: "wait 30 s", time: 0),
        .init(kind: .action("device home"), text: "device home", time: 30),
        .init(
          kind: .skipped(receiver: "AppDelegate", selector: "applicationWillResignActive:"),
          text: "skipped AppDelegate.applicationWillResignActive: (not implemented)", time: 30),
        .init(
          kind: .notification(name: "UIApplicationWillResignActiveNotification"),
          text: "post UIApplicationWillResignActiveNotification", time: 30),
        .init(
          kind: .message(receiver: "AppDelegate", selector: "applicationDidEnterBackground:"),
          text: "AppDelegate.applicationDidEnterBackground:", time: 30),
        .init(
          kind: .notification(name: "UIApplicationDidEnterBackgroundNotification"),
          text: "post UIApplicationDidEnterBackgroundNotification", time: 30),
      ])
  }

  @Test func theCurrentReleaseLogsThatALegacyAppShouldAdoptScenes() throws {
    let result = try Lifescript.run(source: Self.legacyApp, name: "launch.lua")
    #expect(Lifescript.defaultIOSRelease == "26")
    #expect(
      result.trace.map(\.kind).contains(
        .log(
          "UIScene lifecycle will soon be required. Failure to adopt will result in an assert in the future."
        )))
  }

  @Test func aFailedExpectationNamesItsMessageFileLineAndDiff() throws {
    let path = Files.scenarios.appendingPathComponent("fails.lua").path
    let result = try Lifescript.run(file: path, options: .init(ios: "18.3"))
    #expect(result.status == .failed)
    #expect(
      result.failures == [
        Lifescript.Failure(
          kind: .expectation,
          message:
            "expect.events: AppDelegate.applicationDidEnterBackground: did not come (− expected, + actual)",
          file: path, line: 10,
          diff: [
            "  AppDelegate.application:didFinishLaunchingWithOptions:",
            "− AppDelegate.applicationDidEnterBackground:",
          ],
          notes: [
            "first difference at line 2: expected AppDelegate.applicationDidEnterBackground:, got nothing more",
            "hint: AppDelegate does not implement applicationDidEnterBackground: (applicationDidEnterBackground), so UIKit skipped it at t = 0s",
          ],
          description: try #require(result.report))
      ])
    #expect(try #require(result.report).contains("fails.lua:10: expect.events: "))
  }

  @Test func aScriptErrorIsAnErrorResultWithItsLocationAndTraceback() throws {
    let source = """
      local function launch()
        error("the network is down")
      end
      launch()
      """
    let result = try Lifescript.run(source: source, name: "boom.lua")
    #expect(result.status == .error)
    let failure = try #require(result.failures.first)
    #expect(result.failures.count == 1)
    #expect(failure.kind == .error)
    #expect(failure.message == "the network is down")
    #expect(failure.file == "boom.lua")
    #expect(failure.line == 2)
    #expect(failure.diff == [])
    #expect(try #require(failure.traceback).hasPrefix("stack traceback:"))
    #expect(result.report == failure.description)
    #expect(failure.description.hasPrefix("boom.lua:2: the network is down\nstack traceback:"))
  }

  @Test func aSyntaxErrorIsAnErrorResultAtItsLine() throws {
    let result = try Lifescript.run(source: "local x = 1\nlocal = 2\n", name: "syntax.lua")
    #expect(result.status == .error)
    #expect(
      result.failures.map { [$0.file, $0.line.map(String.init), $0.message] } == [
        ["syntax.lua", "2", "<name> expected near '='"]
      ])
    #expect(result.trace == [])
  }

  @Test func anInstructionLimitNamesTheOptionThatRaisesIt() throws {
    let result = try Lifescript.run(
      source: "while true do end", name: "loop.lua", options: .init(maxInstructions: 10_000))
    #expect(result.status == .error)
    let failure = try #require(result.failures.first)
    #expect(failure.file == "loop.lua")
    #expect(failure.line == 1)
    #expect(
      failure.message
        == "instruction limit exceeded (10000 instructions); raise it with Options.maxInstructions")
  }

  @Test func anUncaughtExceptionFailsTheRun() throws {
    let result = try Lifescript.run(
      source: "UIApplicationMain(nil, 'Missing')\n", name: "missing.lua",
      options: .init(ios: "18.3"))
    let reason =
      "Unable to instantiate the UIApplication delegate instance. No class named Missing is loaded."
    #expect(result.status == .failed)
    #expect(
      result.failures == [
        Lifescript.Failure(
          kind: .uncaughtException,
          message: "uncaught exception at 0s: NSInternalInconsistencyException: \(reason)",
          file: "missing.lua",
          description: """
            missing.lua: uncaught exception at 0s: NSInternalInconsistencyException: \(reason)
            (if the scenario expects it, claim it with expect.exception)
            """)
      ])
    #expect(result.report == result.failures.first?.description)
    #expect(
      result.trace.last?.kind
        == .exception(name: "NSInternalInconsistencyException", reason: reason))
  }

  @Test func goldenTracesAreRecordedThenCompared() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("lifescript-embedding-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let name = folder.appendingPathComponent("golden.lua").path
    let source = Self.legacyApp + "\nexpect.golden()\n"
    let recorded = try Lifescript.run(
      source: source, name: name, options: .init(ios: "18.3", recordGolden: true))
    #expect(recorded.status == .passed)
    #expect(recorded.recordedGoldenTraces == [folder.appendingPathComponent("golden.trace").path])
    let compared = try Lifescript.run(source: source, name: name, options: .init(ios: "18.3"))
    #expect(compared.status == .passed)
    #expect(compared.recordedGoldenTraces == [])
    let other = try Lifescript.run(source: source, name: name, options: .init(ios: "26"))
    #expect(other.status == .failed)
    #expect(other.failures.first?.message.hasPrefix("expect.golden: ") == true)
  }

  @Test func anOrderingOptionChangesTheTrace() throws {
    let source = """
      local AppDelegate = class("AppDelegate", UIResponder, { "UIApplicationDelegate" })
      function AppDelegate:application_didFinishLaunchingWithOptions(application, options)
        self.window = UIWindow.new()
        self.window.rootViewController = UIViewController.new()
        self.window:makeKeyAndVisible()
        return true
      end
      function AppDelegate:applicationDidBecomeActive(application) end
      main(AppDelegate)
      """
    func order(_ orderings: [String: String]) throws -> [String] {
      try Lifescript.run(
        source: source, name: "order.lua", options: .init(ios: "18.3", orderings: orderings)
      ).trace.compactMap {
        guard case .message(_, let selector) = $0.kind else { return nil }
        return selector
      }
    }
    let standard = try order([:])
    let late = try order(["legacy-activation": "after-did-appear"])
    #expect(standard != late)
    #expect(late.last == "applicationDidBecomeActive:")
  }
}
