import Testing
import XcodeFiles

@testable import AppLifecycle

/// Rotation, the safe area and trait changes (Documentation/UIKit/layout.md, §17.3 to §17.6).
@Suite struct RotationTests {
  /// A legacy app whose window's root is a `ViewController` overriding `overrides` (each does
  /// nothing and returns nil).
  func app(
    profile: IOSProfile = IOSProfile(18, 3), overrides: [String] = [],
    info: [String: PlistValue] = [:]
  ) throws -> TestApp {
    let app = try TestApp(profile: profile)
    app.device.info = InfoPlist(info)
    app.createWindowInDidFinishLaunching()
    for name in overrides { app.controller.addMethod(name) { _ in .nil } }
    return app
  }

  func root(of app: TestApp) throws -> UIViewController {
    try #require(app.device.application?.windows.first?.rootViewController)
  }

  static let transitionMethods = [
    "willTransitionToTraitCollection:withTransitionCoordinator:",
    "viewWillTransitionToSize:withTransitionCoordinator:", "viewSafeAreaInsetsDidChange",
    "traitCollectionDidChange:", "viewWillLayoutSubviews",
  ]

  @Test func theSafeAreaComesAfterViewWillAppearAndBeforeActivation() throws {
    let app = try app(overrides: ["viewLayoutMarginsDidChange", "viewSafeAreaInsetsDidChange"])
    app.implement(["applicationDidBecomeActive:"])
    let lines = try app.launch()
    let start = try #require(lines.firstIndex(of: "ViewController.viewWillAppear:"))
    #expect(
      Array(lines[start...].prefix(4)) == [
        "ViewController.viewWillAppear:", "ViewController.viewLayoutMarginsDidChange",
        "ViewController.viewSafeAreaInsetsDidChange", "AppDelegate.applicationDidBecomeActive:",
      ])
    #expect(try root(of: app).safeArea == EdgeInsets(top: 47, bottom: 34))
  }

  @Test(arguments: [
    (IOSProfile(12, 4), true), (IOSProfile(13, 0), false), (IOSProfile(18, 3), false),
  ])
  func onlyIOS12ReportsTraitsAtTheFirstAppearance(profile: IOSProfile, reported: Bool) throws {
    var previous: [RuntimeValue] = []
    let app = try app(profile: profile)
    app.controller.addMethod("traitCollectionDidChange:") { message in
      previous.append(message.argument(0))
      return .nil
    }
    let lines = try app.launch()
    #expect(lines.contains("ViewController.traitCollectionDidChange:") == reported)
    let allNil = previous.allSatisfy { $0.isNil }
    #expect(allNil)
  }

  @Test func aRotationToLandscapeRunsTheTransitionThenTwoLayoutPasses() throws {
    let app = try app(overrides: Self.transitionMethods)
    let before = try app.launch().count
    try app.device.rotate(.landscapeLeft)
    #expect(
      app.lines(since: before) == [
        "ViewController.willTransitionToTraitCollection:withTransitionCoordinator:",
        "ViewController.viewWillTransitionToSize:withTransitionCoordinator:",
        "ViewController.viewSafeAreaInsetsDidChange",
        "ViewController.traitCollectionDidChange:",
        "ViewController.viewWillLayoutSubviews",
        "ViewController.viewWillLayoutSubviews",
      ])
    #expect(InterfaceRotation(app.device).orientation == .landscapeRight)
    #expect(try root(of: app).safeArea == EdgeInsets(left: 47, bottom: 21, right: 47))
    #expect(try root(of: app).traits?.verticalSizeClass == .compact)
  }

  @Test func anOverrideThatDoesNotCallSuperKeepsTheSizeFromItsChildren() throws {
    let app = try app(overrides: ["viewWillTransitionToSize:withTransitionCoordinator:"])
    let child = try app.device.runtime.defineClass(
      "ChildViewController", superclass: app.device.runtime.classNamed("UIViewController"))
    child.addMethod("viewWillTransitionToSize:withTransitionCoordinator:") { _ in .nil }
    _ = try app.launch()
    let root = try root(of: app)
    let childController = try #require(try app.device.create(child) as? UIViewController)
    try app.device.runtime.send(
      Selector("addChildViewController:"), to: root, [.object(childController)])
    let rootView = try #require(root.view)
    try app.device.runtime.send(
      Selector("addSubview:"), to: rootView,
      [try app.device.runtime.send(Selector("view"), to: childController)])
    let before = app.lifecycleLines.count
    try app.device.rotate(.landscapeLeft)
    #expect(
      app.lines(since: before).filter { $0.contains("viewWillTransitionToSize") } == [
        "ViewController.viewWillTransitionToSize:withTransitionCoordinator:"
      ])
  }

  @Test func aFullScreenPresentedControllerDecidesTheOrientation() throws {
    let app = try app()
    app.controller.addMethod("supportedInterfaceOrientations") { _ in .string("portrait") }
    let modal = try app.device.runtime.defineClass(
      "ModalViewController", superclass: app.device.runtime.classNamed("UIViewController"))
    modal.addMethod("supportedInterfaceOrientations") { _ in .string("landscape") }
    modal.addMethod("viewWillTransitionToSize:withTransitionCoordinator:") { _ in .nil }
    _ = try app.launch()
    let presented = try app.device.create(modal)
    try app.device.runtime.send(
      Selector("setModalPresentationStyle:"), to: presented, [.string("fullScreen")])
    try app.device.runtime.send(
      Selector("presentViewController:animated:completion:"), to: try root(of: app),
      [.object(presented), .bool(false), .nil])
    let before = app.lifecycleLines.count
    try app.device.rotate(.landscapeRight)
    #expect(
      app.lines(since: before) == [
        "ModalViewController.supportedInterfaceOrientations",
        "ModalViewController.viewWillTransitionToSize:withTransitionCoordinator:",
      ])
    #expect(InterfaceRotation(app.device).orientation == .landscapeLeft)
  }

  @Test func aRotationAskedInsideACallbackComesAfterTheCallbacks() throws {
    let app = try app(overrides: ["viewWillTransitionToSize:withTransitionCoordinator:"])
    app.controller.addMethod("viewDidLoad") { [device = app.device] _ in
      try device.rotate(.landscapeLeft)
      return .nil
    }
    let lines = try app.launch()
    let loaded = try #require(lines.firstIndex(of: "ViewController.viewDidAppear:"))
    let turned = try #require(
      lines.firstIndex(of: "ViewController.viewWillTransitionToSize:withTransitionCoordinator:"))
    #expect(loaded < turned)
  }

  @Test(arguments: [
    (
      ["UIInterfaceOrientationPortrait", "UIInterfaceOrientationLandscapeLeft"],
      InterfaceOrientation.landscapeLeft
    ),
    (["UIInterfaceOrientationPortrait"], .portrait),
    (["UIInterfaceOrientationLandscapeLeft", "UIInterfaceOrientationPortrait"], .landscapeLeft),
  ])
  func aLaunchStartsInTheDevicesOrientationWhenTheInfoPlistAllowsIt(
    listed: [String], start: InterfaceOrientation
  ) throws {
    let app = try app(
      overrides: ["viewWillTransitionToSize:withTransitionCoordinator:"],
      info: ["UISupportedInterfaceOrientations": .array(listed.map(PlistValue.string))])
    // The device's landscape right is the interface's landscape left.
    try app.device.rotate(.landscapeRight)
    let lines = try app.launch()
    #expect(InterfaceRotation(app.device).orientation == start)
    #expect(!lines.contains("ViewController.viewWillTransitionToSize:withTransitionCoordinator:"))
    #expect(lines.first == "device rotate landscapeRight (ignored: the app is not running)")
  }

  @Test func additionalInsetsReachTheChildrenAndLayThemOutAfterTheCallback() throws {
    let app = try app(overrides: ["viewSafeAreaInsetsDidChange", "viewWillLayoutSubviews"])
    _ = try app.launch()
    let before = app.lifecycleLines.count
    try app.device.runtime.send(
      Selector("setAdditionalSafeAreaInsets:"), to: try root(of: app),
      [.dictionary(["bottom": .int(20)])])
    #expect(
      app.lines(since: before) == [
        "ViewController.viewSafeAreaInsetsDidChange", "ViewController.viewWillLayoutSubviews",
      ])
    #expect(try root(of: app).safeArea == EdgeInsets(top: 47, bottom: 54))
  }

  @Test func aMaskIsANameAListOfNamesOrTheRawValue() throws {
    let device = try Device()
    let masks: [(RuntimeValue, Int)] = [
      (.string("landscape"), 24), (.int(2), 2), (.string("all"), 30),
      (.array([.string("portrait"), .string("landscapeLeft")]), 18),
    ]
    for (value, mask) in masks {
      #expect(try InterfaceOrientationMask.mask(value, returnedBy: "test", on: device) == mask)
    }
  }

  /// The list of names `device.rotate` prints, written out, is every case in the cases' order.
  @Test func theOrientationNamesAreTheCasesInOrder() {
    let joined = DeviceOrientation.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
    #expect(DeviceOrientation.names == joined)
  }

  @Test func anythingElseIsNotAMask() throws {
    let device = try Device()
    let values: [RuntimeValue] = [
      .string("sideways"), .int(0), .int(1), .int(32), .bool(true), .nil, .array([]),
      .array([.string("portrait"), .int(8)]),
    ]
    for value in values {
      #expect(throws: LifecycleError.self) {
        try InterfaceOrientationMask.mask(value, returnedBy: "test", on: device)
      }
    }
  }
}
