import Testing

@testable import AppLifecycle

/// The will/did pairs the device follows per object (Device+Contract.swift): an opening
/// callback delivered again before one that closes its pair is named with what should have
/// come between.
@Suite struct CallbackPairsTests {
  static func deliver(_ selectors: [String], to object: Int = 1, in pairs: inout CallbackPairs)
    -> [String?]
  {
    selectors.map { pairs.deliver(Selector($0), to: object) }
  }

  @Test func anOpeningCallbackTwiceIsNamedWithItsClosers() {
    var pairs = CallbackPairs()
    #expect(
      Self.deliver(
        [
          "sceneDidBecomeActive:", "sceneDidBecomeActive:", "sceneWillResignActive:",
          "sceneDidBecomeActive:",
        ], in: &pairs)
        == [nil, "sceneWillResignActive:", nil, nil])
    #expect(
      Self.deliver(["viewWillAppear:", "viewWillAppear:"], in: &pairs)
        == [nil, "viewDidAppear: or viewWillDisappear:"])
  }

  @Test func theClosingCallbacksCloseAndObjectsAreApart() {
    var pairs = CallbackPairs()
    #expect(
      Self.deliver(
        [
          "viewWillAppear:", "viewWillDisappear:", "viewWillAppear:", "viewDidAppear:",
          "viewWillAppear:", "applicationWillEnterForeground:", "applicationDidEnterBackground:",
          "applicationWillEnterForeground:",
        ], in: &pairs)
        == [nil, nil, nil, nil, nil, nil, nil, nil])
    #expect(Self.deliver(["viewWillAppear:"], to: 2, in: &pairs) == [nil])
    // Still open: the last viewWillAppear: of each object and the foreground.
    #expect(pairs.count == 3)
    // A callback outside the pairs changes nothing.
    #expect(Self.deliver(["viewDidLoad", "viewDidAppear:"], to: 3, in: &pairs) == [nil, nil])
    #expect(pairs.count == 3)
  }
}

/// A callback after termination (Device+Contract.swift): UIKit sends nothing to the objects of a
/// process that ended, so the check guards the model.
@Suite struct CallbackAfterTerminationTests {
  @Test func theTerminationItselfIsNoBreachAndADeliveryAfterItIs() throws {
    let app = try TestApp()
    app.implement(["applicationWillTerminate:", "applicationDidBecomeActive:"])
    app.device.checksContract = true
    _ = try app.launch()
    let delegate = try #require(app.device.application?.delegate)
    try app.device.kill()
    #expect(app.device.trace.lines().contains("AppDelegate.applicationWillTerminate:"))
    #expect(app.device.contractBreaches == [])
    try app.device.deliverIfImplemented(Selector("applicationDidBecomeActive:"), to: delegate)
    #expect(
      app.device.contractBreaches == [
        "a callback after termination: \(delegate.objectDescription) got applicationDidBecomeActive: after its process ended"
      ])
  }
}
