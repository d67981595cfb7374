import AppLifecycle
import Foundation
import LuaBridge
import Scenarios
import Testing

/// What a scenario does with its warnings under each `WarningPolicy`: passes them on, leaves
/// them out, or holds them as its failure.
@Suite struct WarningPolicyTests {
  /// A legacy app on iOS 26 that implements a deprecated method, misspells another and forgets
  /// to return a BOOL: three warnings, two of them about the app and one about a line.
  static let source = """
    local AppDelegate = class("AppDelegate", UIResponder, { "UIApplicationDelegate" })
    function AppDelegate:application_didFinishLaunchingWithOptions(application, options) end
    function AppDelegate:applicationDidBecomeActive(application) end
    function AppDelegate:applicationWillResignActiv(application) end
    main(AppDelegate)
    """

  struct Run {
    var warnings: [Warning] = []
    var failure: ScenarioFailure?
  }

  func run(_ policy: WarningPolicy, source: String = source) throws -> Run {
    var options = ScenarioOptions()
    options.warnings = policy
    var run = Run()
    let scenario = try Scenario(
      options: options, folder: nil, output: { _ in }, warning: { run.warnings.append($0) })
    do {
      try ScenarioRunner.run(.text(source, name: "launch.lua"), in: scenario, options: options)
    } catch {
      run.failure = error
    }
    return run
  }

  @Test func allPassesEveryWarningOnWithItsName() throws {
    let run = try run(WarningPolicy(mode: .all))
    #expect(run.failure == nil)
    #expect(
      run.warnings.map(\.name) == [
        .misspelledMethod, .deprecatedAppDelegateMethod, .nonBoolReturn,
      ])
    #expect(run.warnings.first?.location == "launch.lua:4")
    #expect(
      run.warnings.first?.description
        == "launch.lua:4: warning[misspelled-method]: AppDelegate:applicationWillResignActiv matches no method of UIApplicationDelegate, so UIKit never calls it; did you mean applicationWillResignActive (applicationWillResignActive:)?"
    )
  }

  @Test func onceGivesTheSameWarningOncePerRunAndAllEachTime() throws {
    let source = "warn('same') warn('same') warn('other') warn('same')"
    #expect(
      try run(WarningPolicy(mode: .once), source: source).warnings.map(\.message) == [
        "same", "other",
      ])
    #expect(
      try run(WarningPolicy(mode: .all), source: source).warnings.map(\.message) == [
        "same", "same", "other", "same",
      ])
    #expect(WarningPolicy().mode == .once)
  }

  @Test func noneAndIgnoredNamesLeaveWarningsOut() throws {
    #expect(try run(WarningPolicy(mode: .none)).warnings.isEmpty)
    let ignoring = try run(
      WarningPolicy(mode: .all, ignored: [.deprecatedAppDelegateMethod, .nonBoolReturn]))
    #expect(ignoring.warnings.map(\.name) == [.misspelledMethod])
    #expect(ignoring.failure == nil)
  }

  @Test func errorMakesTheWarningsTheFailureOfAScenarioThatWouldPass() throws {
    let run = try run(WarningPolicy(mode: .error, ignored: [.misspelledMethod]))
    #expect(run.warnings.isEmpty, "held as the failure, not given as warnings")
    let failure = try #require(run.failure)
    #expect(!failure.isExpectationFailure)
    guard case .warnings(let warnings, let origin) = failure.reason else {
      Issue.record("expected warnings, got \(failure.reason)")
      return
    }
    #expect(warnings.map(\.name) == [.deprecatedAppDelegateMethod, .nonBoolReturn])
    #expect(origin == "--warnings error")
    #expect(
      failure.message
        == "warnings are errors (--warnings error): warning[deprecated-app-delegate-method]: AppDelegate implements applicationDidBecomeActive:, deprecated in iOS 26 (see Documentation/UIKit/ios-releases.md#deprecations-in-ios-26); adopt scenes and use sceneDidBecomeActive: (and 1 more)"
    )
    #expect(
      FailureReport(failure).text == """
        launch.lua: warnings are errors (--warnings error), and this scenario gave 2:
        warning[deprecated-app-delegate-method]: AppDelegate implements applicationDidBecomeActive:, deprecated in iOS 26 (see Documentation/UIKit/ios-releases.md#deprecations-in-ios-26); adopt scenes and use sceneDidBecomeActive:
        warning[non-bool-return]: AppDelegate.application:didFinishLaunchingWithOptions: returned nothing instead of true or false; UIKit reads it as NO (did you forget 'return true'?)
        hint: fix the code, or leave a warning out by its name: --ignore-warning NAME, or ignore_warnings = { "NAME" } in lifescript.lua
        """)
  }

  @Test func errorNamesWhereThePolicyWasChosen() throws {
    let policy = WarningPolicy(
      mode: .error, origin: "warnings = \"error\" in LifecycleTests/lifescript.lua")
    let failure = try #require(try run(policy).failure)
    #expect(
      FailureReport(failure).text.hasPrefix(
        "launch.lua: warnings are errors (warnings = \"error\" in LifecycleTests/lifescript.lua), and this scenario gave 3:\n"
      ))
  }

  @Test func aScenarioThatFailsOtherwiseKeepsItsFailureAndGivesItsWarnings() throws {
    let run = try run(
      WarningPolicy(mode: .error), source: Self.source + "\nexpect.never \"new AppDelegate\"")
    let failure = try #require(run.failure)
    #expect(failure.isExpectationFailure)
    #expect(run.warnings.count == 3, "not lost: given as warnings")
  }

  @Test func aScenarioWithoutWarningsPassesUnderError() throws {
    let run = try run(
      WarningPolicy(mode: .error),
      source: """
        local AppDelegate = class("AppDelegate", UIResponder)
        function AppDelegate:application_didFinishLaunchingWithOptions(a, o) return true end
        main(AppDelegate)
        """)
    #expect(run.failure == nil)
  }

  @Test func luaWarnIsAWarningLikeTheOthers() throws {
    let run = try run(WarningPolicy(mode: .all), source: "warn('careful', ' now')")
    #expect(run.warnings == [Warning(.luaWarn, "careful now")])
    #expect(run.warnings.first?.description == "warning[lua-warn]: careful now")
    let ignored = try self.run(WarningPolicy(mode: .all, ignored: [.luaWarn]), source: "warn('x')")
    #expect(ignored.warnings.isEmpty)
  }
}
