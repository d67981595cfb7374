import AppLifecycle
import LuaBridge
import Scenarios
import Testing

@Suite struct TraceExpectationsTests {
  /// A legacy launch and a trip to the home screen, as the engine will trace them.
  static func launchTrace() -> Trace {
    let trace = Trace()
    let events: [TraceEvent] = [
      .created(className: "AppDelegate"),
      .message(
        receiverClass: "AppDelegate",
        selector: Selector("application:willFinishLaunchingWithOptions:")),
      .message(
        receiverClass: "AppDelegate",
        selector: Selector("application:didFinishLaunchingWithOptions:")),
      .notification(name: "UIApplicationDidFinishLaunchingNotification"),
      .message(receiverClass: "AppDelegate", selector: Selector("applicationDidBecomeActive:")),
      .notification(name: "UIApplicationDidBecomeActiveNotification"),
      .log(
        "[Application] The app delegate must implement the window property if it wants to use a main storyboard file."
      ),
    ]
    for (index, event) in events.enumerated() {
      trace.record(event, at: VirtualInstant(seconds: Double(index) / 10))
    }
    return trace
  }

  @Test(arguments: [
    "AppDelegate.application:didFinishLaunchingWithOptions:",
    "application:didFinishLaunchingWithOptions:",
    "application_didFinishLaunchingWithOptions",
    "application(_:didFinishLaunchingWithOptions:)",
    "AppDelegate.application(_:didFinishLaunchingWithOptions:)",
  ])
  func aMessageMatchesInEverySpelling(expected: String) throws {
    var expectations = TraceExpectations(trace: Self.launchTrace())
    try expectations.order([expected])
  }

  @Test func eventsComparesMessagesAndOnlyTheKindsItNames() throws {
    var expectations = TraceExpectations(trace: Self.launchTrace())
    try expectations.events([
      "application:willFinishLaunchingWithOptions:",
      "application:didFinishLaunchingWithOptions:",
      "post UIApplicationDidFinishLaunchingNotification",
      "applicationDidBecomeActive:",
      "post UIApplicationDidBecomeActiveNotification",
    ])
    #expect(expectations.checkpoint == 7)
  }

  @Test func aFailedEventsExpectationShowsAMinusPlusDiff() {
    var expectations = TraceExpectations(trace: Self.launchTrace())
    let failure = #expect(throws: ExpectationFailure.self) {
      try expectations.events([
        "application:willFinishLaunchingWithOptions:",
        "applicationDidBecomeActive:",
        "applicationWillResignActive:",
      ])
    }
    #expect(
      failure?.description == """
        expect.events: 1 line missing, 1 not expected (− expected, + actual)
          AppDelegate.application:willFinishLaunchingWithOptions:
        + AppDelegate.application:didFinishLaunchingWithOptions:
          AppDelegate.applicationDidBecomeActive:
        − applicationWillResignActive:
        first difference at line 2: expected applicationDidBecomeActive:, got AppDelegate.application:didFinishLaunchingWithOptions:
        """)
    #expect(expectations.checkpoint == 0, "a failed expectation does not move the checkpoint")
  }

  @Test func orderAllowsGapsAndMovesTheCheckpoint() throws {
    var expectations = TraceExpectations(trace: Self.launchTrace())
    try expectations.order(
      ["new AppDelegate", "applicationDidBecomeActive:"],
      at: ScriptLocation(file: "launch.lua", line: 3))
    #expect(expectations.checkpoint == 7)
    let failure = #expect(throws: ExpectationFailure.self) {
      try expectations.order(["applicationDidBecomeActive:"])
    }
    #expect(
      failure?.description == """
        expect.order: applicationDidBecomeActive: did not come (− expected)
        − applicationDidBecomeActive:
        hint: AppDelegate.applicationDidBecomeActive: came before the expect.order at launch.lua:3; expectations after it do not see it
        """)
  }

  @Test func orderNamesWhatCameBeforeTheMissingLine() {
    var expectations = TraceExpectations(trace: Self.launchTrace())
    let failure = #expect(throws: ExpectationFailure.self) {
      try expectations.order([
        "applicationDidBecomeActive:", "application:didFinishLaunchingWithOptions:",
      ])
    }
    #expect(
      failure?.description == """
        expect.order: application:didFinishLaunchingWithOptions: did not come after AppDelegate.applicationDidBecomeActive: (− expected)
          … 2 unchanged lines
          AppDelegate.application:didFinishLaunchingWithOptions:
          post UIApplicationDidFinishLaunchingNotification
          AppDelegate.applicationDidBecomeActive:
        − application:didFinishLaunchingWithOptions:
          post UIApplicationDidBecomeActiveNotification
          log [Application] The app delegate must implement the window property if it wants to use a main storyboard file.
        hint: application:didFinishLaunchingWithOptions: came, but before AppDelegate.applicationDidBecomeActive:, not after it
        """)
  }

  @Test func neverLogAndExceptionDoNotMoveTheCheckpoint() throws {
    let expectations = TraceExpectations(trace: Self.launchTrace())
    try expectations.never("applicationWillTerminate:")
    try expectations.log("must implement the window property")
    #expect(expectations.checkpoint == 0)
    let never = #expect(throws: ExpectationFailure.self) {
      try expectations.never("applicationDidBecomeActive:")
    }
    #expect(
      never?.description == """
        expect.never: applicationDidBecomeActive: was not expected, but came at 0.4s (+ actual)
          new AppDelegate
          AppDelegate.application:willFinishLaunchingWithOptions:
          AppDelegate.application:didFinishLaunchingWithOptions:
          post UIApplicationDidFinishLaunchingNotification
        + AppDelegate.applicationDidBecomeActive:
          post UIApplicationDidBecomeActiveNotification
          log [Application] The app delegate must implement the window property if it wants to use a main storyboard file.
        """)
    let log = #expect(throws: ExpectationFailure.self) {
      try expectations.log("storyboard not found")
    }
    #expect(
      log?.description == """
        expect.log: no console message contains "storyboard not found"
          log [Application] The app delegate must implement the window property if it wants to use a main storyboard file.
        """)
  }

  @Test func exceptionsFailTheScenarioUntilClaimed() throws {
    let trace = Trace()
    trace.record(
      .exception(
        ObjCException(
          .internalInconsistency,
          "Unable to instantiate the UIApplication delegate instance. No class named Missing is loaded."
        )),
      at: .zero)
    var expectations = TraceExpectations(trace: trace)
    #expect(expectations.unclaimedExceptions.count == 1)
    #expect(throws: ExpectationFailure.self) { try expectations.exception("something else") }
    try expectations.exception("No class named Missing is loaded")
    #expect(expectations.unclaimedExceptions.isEmpty)
  }

  @Test func oneLineThatCameLaterIsTheHeadline() {
    var expectations = TraceExpectations(trace: Self.launchTrace())
    let failure = #expect(throws: ExpectationFailure.self) {
      try expectations.events([
        "application:didFinishLaunchingWithOptions:",
        "application:willFinishLaunchingWithOptions:",
        "applicationDidBecomeActive:",
      ])
    }
    #expect(
      failure?.description == """
        expect.events: AppDelegate.application:didFinishLaunchingWithOptions: came 1 line later than expected (− expected, + actual)
        − application:didFinishLaunchingWithOptions:
          AppDelegate.application:willFinishLaunchingWithOptions:
        + AppDelegate.application:didFinishLaunchingWithOptions:
          AppDelegate.applicationDidBecomeActive:
        first difference at line 1: expected application:didFinishLaunchingWithOptions:, got AppDelegate.application:willFinishLaunchingWithOptions:
        """)
  }

  @Test func oneLineInPlaceOfAnotherIsTheHeadline() {
    var expectations = TraceExpectations(trace: Self.launchTrace())
    let failure = #expect(throws: ExpectationFailure.self) {
      try expectations.events([
        "application:willFinishLaunchingWithOptions:",
        "applicationWillEnterForeground:",
        "applicationDidBecomeActive:",
      ])
    }
    #expect(
      failure?.headline
        == "expect.events: AppDelegate.application:didFinishLaunchingWithOptions: came instead of applicationWillEnterForeground: (− expected, + actual)"
    )
  }

  @Test func aLineThatCameBeforeTheCheckpointGetsAHint() throws {
    var expectations = TraceExpectations(trace: Self.launchTrace())
    try expectations.order(
      ["applicationDidBecomeActive:"], at: ScriptLocation(file: "launch.lua", line: 9))
    let failure = #expect(throws: ExpectationFailure.self) {
      try expectations.events(["applicationDidBecomeActive:"])
    }
    #expect(
      failure?.description == """
        expect.events: applicationDidBecomeActive: did not come (− expected, + actual)
        − applicationDidBecomeActive:
        first difference at line 1: expected applicationDidBecomeActive:, got nothing more
        hint: AppDelegate.applicationDidBecomeActive: came before the expect.order at launch.lua:9; expectations after it do not see it
        """)
    let log = #expect(throws: ExpectationFailure.self) {
      try expectations.log("window property")
    }
    #expect(
      log?.description == """
        expect.log: no console message contains "window property"
        (nothing was logged since the expect.order at launch.lua:9)
        hint: log [Application] The app delegate must implement the window property if it wants to use a main storyboard file. came before the expect.order at launch.lua:9; expectations after it do not see it
        """)
  }

  @Test func aLogInOtherLetterCaseGetsAHint() {
    let expectations = TraceExpectations(trace: Self.launchTrace())
    let failure = #expect(throws: ExpectationFailure.self) {
      try expectations.log("the App Delegate must implement")
    }
    #expect(
      failure?.description.hasSuffix(
        "\nhint: log [Application] The app delegate must implement the window property if it wants to use a main storyboard file. contains it in other letter case"
      ) == true)
  }

  @Test func aMissingExceptionListsTheExceptionsThatCame() {
    var expectations = TraceExpectations(trace: Self.launchTrace())
    let failure = #expect(throws: ExpectationFailure.self) {
      try expectations.exception("There can only be one")
    }
    #expect(
      failure?.description == """
        expect.exception: no exception contains "There can only be one"
        (no exception was raised)
        """)
  }
}
