import AppLifecycle
import Testing
import XcodeFiles

/// Storyboard segues without Lua: performed by identifier, tapped, embedded and unwound
/// (Documentation/UIKit/presentation.md#segues).
@Suite struct SegueTests {
  /// A legacy storyboard app: a navigation controller whose root is `Home`, with `segues`; the
  /// storyboard's other scenes by id (`Next`, `Other`).
  func app(
    segues: [Storyboard.Segue], destinations: [String: Storyboard.Scene] = [:],
    embedded: Bool = true, profile: IOSProfile = IOSProfile(18, 3)
  ) throws -> TestApp {
    let app = try TestApp(profile: profile)
    let home = Storyboard.Scene(className: "Home", id: "home", segues: segues)
    app.device.info = InfoPlist(["UIMainStoryboardFile": .string("Main")])
    app.device.storyboards["Main"] = Storyboard(
      name: "Main",
      initialViewController: embedded
        ? Storyboard.Scene(className: "UINavigationController", children: [home], id: "nav")
        : home,
      segueDestinations: destinations.merging(["home": home]) { first, _ in first })
    app.delegate.declareProperty("window")
    app.delegate.addMethod("application:didFinishLaunchingWithOptions:") { _ in .bool(true) }
    let controller = app.device.runtime.classNamed("UIViewController")
    for name in ["Home", "Next"] {
      _ = try app.device.runtime.defineClass(name, superclass: controller)
    }
    return app
  }

  static let next = ["next": Storyboard.Scene(className: "Next", id: "next")]

  func home(of app: TestApp) throws -> UIViewController {
    let root = try #require(app.device.application?.windows.first?.rootViewController)
    return root.isa.name == "UINavigationController" ? try #require(root.children.first) : root
  }

  @Test func aTappedShowSegueAsksThenMakesPreparesAndPushes() throws {
    let show = Storyboard.Segue(
      kind: .show, identifier: "open", id: "s1", destination: "next",
      trigger: .init(element: "button", id: "b1"), animates: false)
    let app = try app(segues: [show], destinations: Self.next)
    _ = try app.launch()
    let count = app.lifecycleLines.count
    try app.device.tapSegue(of: try home(of: app), named: "b1")
    #expect(
      app.lines(since: count) == [
        "Home.shouldPerformSegueWithIdentifier:sender:",
        "new Next", "Next.initWithCoder:", "Next.awakeFromNib",
        "Home.prepareForSegue:sender:",
        "Next.loadView", "Next.viewDidLoad",
        "Home.viewWillDisappear:", "Next.viewWillAppear:",
        "Home.viewDidDisappear:", "Next.viewDidAppear:",
      ])
  }

  @Test func aSourceThatSaysNoStopsATappedSegueBeforeItsDestinationIsMade() throws {
    let show = Storyboard.Segue(
      kind: .show, identifier: "open", id: "s1", destination: "next",
      trigger: .init(element: "button", id: "b1"))
    let app = try app(segues: [show], destinations: Self.next)
    app.device.runtime.classNamed("Home")?.addMethod("shouldPerformSegueWithIdentifier:sender:") {
      _ in .bool(false)
    }
    _ = try app.launch()
    let count = app.lifecycleLines.count
    try app.device.tapSegue(of: try home(of: app), named: "open")
    #expect(app.lines(since: count) == ["Home.shouldPerformSegueWithIdentifier:sender:"])
  }

  @Test func anUnknownIdentifierIsUIKitsException() throws {
    let app = try app(segues: [])
    _ = try app.launch()
    let home = try home(of: app)
    let error = #expect(throws: ObjCException.self) {
      try app.device.runtime.send(
        Selector("performSegueWithIdentifier:sender:"), to: home, [.string("open"), .nil])
    }
    #expect(
      error?.description
        == "NSInvalidArgumentException: Receiver (\(home.objectDescription)) has no segue with identifier 'open'"
    )
  }

  @Test func aShowSegueWithoutANavigationControllerPresents() throws {
    let show = Storyboard.Segue(kind: .show, identifier: "open", id: "s1", destination: "next")
    let app = try app(segues: [show], destinations: Self.next, embedded: false)
    _ = try app.launch()
    let home = try home(of: app)
    try app.device.runtime.send(
      Selector("performSegueWithIdentifier:sender:"), to: home, [.string("open"), .nil])
    #expect(home.presented?.isa.name == "Next")
  }

  @Test func anXcode5PushSegueWithoutANavigationControllerIsUIKitsException() throws {
    let push = Storyboard.Segue(kind: .push, identifier: "open", id: "s1", destination: "next")
    let app = try app(segues: [push], destinations: Self.next, embedded: false)
    _ = try app.launch()
    let error = #expect(throws: ObjCException.self) {
      try app.device.runtime.send(
        Selector("performSegueWithIdentifier:sender:"), to: try home(of: app),
        [.string("open"), .nil])
    }
    #expect(
      error?.description
        == "NSGenericException: Could not find a navigation controller for segue 'open'. Push segues can only be used when the source controller is managed by an instance of UINavigationController."
    )
  }

  @Test func anEmbedSegueRunsBetweenTheContainersLoadViewAndViewDidLoad() throws {
    let embed = Storyboard.Segue(
      kind: .embed, identifier: "child", id: "e1", destination: "next",
      trigger: .init(element: "containerView", id: "c1"))
    let app = try app(segues: [embed], destinations: Self.next, embedded: false)
    let lines = try app.launch()
    let start = try #require(lines.firstIndex(of: "Home.loadView"))
    #expect(
      Array(lines[start..<(start + 8)]) == [
        "Home.loadView",
        "new Next", "Next.initWithCoder:", "Next.awakeFromNib",
        "Home.prepareForSegue:sender:",
        "Next.loadView", "Next.viewDidLoad",
        "Home.viewDidLoad",
      ])
    let child = try #require(try home(of: app).children.first)
    #expect(child.appearance == .appeared)
  }

  /// Two storyboards whose controllers embed each other through references: the reader of
  /// each file cannot see the loop, the device refuses it when the second view loads.
  @Test func embedSeguesThatLoopThroughReferencesAreRefused() throws {
    let embed = Storyboard.Segue(kind: .embed, id: "e1", destination: "ref")
    let app = try app(
      segues: [embed],
      destinations: ["ref": Storyboard.Scene(reference: .init(storyboardName: "Other"))],
      embedded: false)
    let back = Storyboard.Scene(
      className: "Next", id: "next",
      segues: [Storyboard.Segue(kind: .embed, id: "e2", destination: "ref")])
    app.device.storyboards["Other"] = Storyboard(
      name: "Other", initialViewController: back,
      segueDestinations: ["ref": Storyboard.Scene(reference: .init(storyboardName: "Main"))])
    let error = #expect(throws: LifecycleError.self) { _ = try app.launch() }
    #expect(error?.message.hasPrefix("embed segues loop: <Next: 0x") == true)
  }

  @Test(arguments: [
    (IOSProfile(18, 3), "canPerformUnwindSegueAction:fromViewController:sender:"),
    (IOSProfile(12, 0), "canPerformUnwindSegueAction:fromViewController:withSender:"),
  ])
  func anUnwindAsksUpTheHierarchyThenCallsTheActionAndPops(profile: IOSProfile, ask: String)
    throws
  {
    let show = Storyboard.Segue(kind: .show, identifier: "open", id: "s1", destination: "next")
    let back = Storyboard.Segue(
      kind: .unwind, identifier: "back", id: "u1", destination: "exit", unwindAction: "backHome:",
      animates: false)
    let next = Storyboard.Scene(className: "Next", id: "next", segues: [back])
    let app = try app(segues: [show], destinations: ["next": next], profile: profile)
    app.device.runtime.classNamed("Home")?.addMethod("backHome:") { _ in .nil }
    _ = try app.launch()
    let home = try home(of: app)
    try app.device.runtime.send(
      Selector("performSegueWithIdentifier:sender:"), to: home, [.string("open"), .nil])
    let pushed = try #require(home.parent?.children.last)
    let count = app.lifecycleLines.count
    try app.device.runtime.send(
      Selector("performSegueWithIdentifier:sender:"), to: pushed, [.string("back"), .nil])
    #expect(
      app.lines(since: count) == [
        "Home.\(ask)", "Next.prepareForSegue:sender:", "Home.backHome:",
        "UINavigationController.unwindForSegue:towardsViewController:",
        "Next.viewWillDisappear:", "Home.viewWillAppear:",
        "Next.viewDidDisappear:", "Home.viewDidAppear:",
      ])
  }

  @Test func anUnwindNoControllerWantsDoesNothing() throws {
    let back = Storyboard.Segue(
      kind: .unwind, identifier: "back", id: "u1", destination: "exit", unwindAction: "nowhere:")
    let app = try app(segues: [back])
    _ = try app.launch()
    let count = app.lifecycleLines.count
    try app.device.runtime.send(
      Selector("performSegueWithIdentifier:sender:"), to: try home(of: app),
      [.string("back"), .nil])
    #expect(
      app.lines(since: count) == [
        "UINavigationController.canPerformUnwindSegueAction:fromViewController:sender:"
      ])
  }

  @Test func aCustomSegueIsAnInstanceOfItsClassWhichPerforms() throws {
    let custom = Storyboard.Segue(
      kind: .custom, identifier: "fade", id: "s1", destination: "next", customClass: "FadeSegue")
    let app = try app(segues: [custom], destinations: Self.next)
    _ = try app.launch()
    let home = try home(of: app)
    let send = {
      try app.device.runtime.send(
        Selector("performSegueWithIdentifier:sender:"), to: home, [.string("fade"), .nil])
    }
    let missing = #expect(throws: ObjCException.self) { try send() }
    #expect(missing?.reason == "Could not find a segue class named 'FadeSegue'")
    _ = try app.device.runtime.defineClass(
      "FadeSegue", superclass: app.device.runtime.classNamed("UIStoryboardSegue"))
    let count = app.lifecycleLines.count
    _ = try send()
    #expect(
      app.lines(since: count) == [
        "new Next", "Next.initWithCoder:", "Next.awakeFromNib", "new FadeSegue",
        "Home.prepareForSegue:sender:", "FadeSegue.perform",
      ])
  }

  @Test func theUserTapsOnlyAnActiveAppsControls() throws {
    let show = Storyboard.Segue(
      kind: .show, identifier: "open", id: "s1", destination: "next",
      trigger: .init(element: "button", id: "b1"))
    let app = try app(segues: [show], destinations: Self.next)
    _ = try app.launch()
    try app.device.home()
    let error = #expect(throws: LifecycleError.self) {
      try app.device.tapSegue(of: try home(of: app), named: "open")
    }
    #expect(
      error?.message
        == "device.tap_segue: the app is not active in the foreground (background); the user taps the app in front"
    )
  }
}
