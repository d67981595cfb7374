import AppLifecycle
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
        expect.events: the trace is not what was expected (− expected, + actual)
          AppDelegate.application:willFinishLaunchingWithOptions:
        + AppDelegate.application:didFinishLaunchingWithOptions:
          AppDelegate.applicationDidBecomeActive:
        − applicationWillResignActive:
        """)
    #expect(expectations.checkpoint == 0, "a failed expectation does not move the checkpoint")
  }

  @Test func orderAllowsGapsAndMovesTheCheckpoint() throws {
    var expectations = TraceExpectations(trace: Self.launchTrace())
    try expectations.order(["new AppDelegate", "applicationDidBecomeActive:"])
    #expect(expectations.checkpoint == 7)
    let failure = #expect(throws: ExpectationFailure.self) {
      try expectations.order(["applicationDidBecomeActive:"])
    }
    #expect(
      failure?.description == """
        expect.order: expected applicationDidBecomeActive:, but it did not come
        the trace since the last expectation:
          (nothing)
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
      failure?.headline
        == "expect.order: expected application:didFinishLaunchingWithOptions: after applicationDidBecomeActive:, but it did not come"
    )
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
        expect.never: applicationDidBecomeActive: was not expected, but came at 0.4s
          AppDelegate.applicationDidBecomeActive:
        """)
    let log = #expect(throws: ExpectationFailure.self) {
      try expectations.log("storyboard not found")
    }
    #expect(log?.headline == "expect.log: no console message contains \"storyboard not found\"")
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
}
